import type { components } from './generated/schema';

type Schemas = components['schemas'];

/**
 * The contract's words about marketing and research in Japanese, typed by its enums (a value added
 * there fails to compile here until it has its label). The server writes them into its drafts and
 * reports; the screens show them as choices, so both say the same word.
 */

/** How the customer analysis divides customers (分け方), as the choice and the summary name it. */
export const CUSTOMER_SEGMENT_BASIS_LABELS: Readonly<Record<Schemas['CustomerSegmentBasis'], string>> = {
  activity: '最近の対応と回数',
  lifecycle: '新規とリピート',
  age: '年代',
  gender: '性別',
  prefecture: '都道府県',
  tags: 'タグ',
  company: '会社の有無',
};

/** A marketing channel, as a checkbox and a campaign's actions name it. */
export const MARKETING_CHANNEL_LABELS: Readonly<Record<Schemas['MarketingChannel'], string>> = {
  email: 'メール',
  sms: 'SMS',
  line: 'LINE',
  website: 'ウェブサイト',
  sns: 'SNS',
  flyer: 'チラシ',
  event: 'イベント',
  phone: '電話',
  in_store: '院内掲示',
};

/** A competitor analysis's point of comparison (比べる観点), also a competitor report's heading. */
export const COMPETITOR_FOCUS_LABELS: Readonly<Record<Schemas['CompetitorFocus'], string>> = {
  pricing: '価格',
  services: 'サービス内容',
  marketing: '集客',
  reputation: '評判',
  location: '立地',
};

/** What a customer research covers (調べる項目), also the report's section headings. */
export const RESEARCH_TOPIC_LABELS: Readonly<Record<Schemas['ResearchTopic'], string>> = {
  overview: '概要',
  needs: 'ニーズ',
  history: 'これまでの経緯',
  risks: 'リスク',
  opportunities: '商機',
};

/** A saved report's kind, as its chip and its PDF's heading say it. */
export const RESEARCH_KIND_LABELS: Readonly<Record<Schemas['ResearchKind'], string>> = {
  customer: '顧客調査',
  competitor: '競合調査',
};

/** A finding's category under the medical-advertising guideline (医療広告ガイドライン). */
export const ADVERTISING_CATEGORY_LABELS: Readonly<Record<Schemas['AdvertisingCategory'], string>> = {
  false_claim: '虚偽広告',
  comparative: '比較優良広告',
  exaggerated: '誇大広告',
  testimonial: '患者の体験談',
  before_after: '説明のない術前術後の写真',
  public_order: '公序良俗に反する広告',
  price_emphasis: '費用を強調した広告',
  indignity: '品位を損なう広告',
  limited_exemption: '限定解除の要件を満たさない広告',
};
