/**
 * Marketing AI, one file per operation, each with its offline path (counted in SQL, quoted from
 * what the user typed and the tenant's documents) beside its model path (the model rewrites the
 * draft's wording only; see marketing.model.ts):
 * - marketing.customers.ts: customer segments
 * - marketing.campaign.ts: a campaign sized from its target
 * - marketing.competitors.ts: competitors from the notes and the tenant's documents
 * - marketing.calendar.ts: a content calendar of holidays and clinic seasons
 * - advertising/: the advertising check (医療広告ガイドライン): the rule set, its engine, the
 *   model's additions, and the findings every campaign and calendar draft carries
 */

export { checkAdvertising } from './advertising/advertising-model';
export { planContentCalendar, planContentCalendarOffline, SEASONS } from './marketing.calendar';
export { proposeCampaign, proposeCampaignOffline } from './marketing.campaign';
export type { MarketingServices } from './marketing.common';
export { analyzeCompetitors, analyzeCompetitorsOffline } from './marketing.competitors';
export { analyzeCustomers, analyzeCustomersOffline } from './marketing.customers';
