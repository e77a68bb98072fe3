/**
 * Reports compiled without a model: every figure is a count over the tenant's data, every quote
 * is a record or what the user typed, and what the records do not say is written as unknown with
 * what to check. Nothing is inferred beyond keyword rules over the user's own notes.
 */
export { type CompetitorEvidence, competitorReport } from './research.competitors';
export {
  ALL_FOCUS,
  ALL_TOPICS,
  type CompetitorFocus,
  DEPTH_LIMITS,
  type DocumentMention,
  type ResearchDraft,
  type ResearchTopic,
} from './research.draft';
export { type ExistingCustomerEvidence, existingCustomerReport } from './research.existing-customer';
export { type NewCustomerEvidence, newCustomerReport } from './research.new-customer';
