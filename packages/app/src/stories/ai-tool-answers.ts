import type { components } from '@tsumiki/api-client';

type Schemas = components['schemas'];

/**
 * What the server's offline AI mode answers the workflow and marketing tools for the demo tenant
 * (templates and counts from the tenant's own data, never invented facts), typed by the contract.
 */
export const WORKFLOW_GOAL = '初診の受付から会計までの待ち時間を短くしたい';

export const WORKFLOW_PROPOSAL: Schemas['WorkflowProposal'] = {
  mode: 'offline',
  generated_at: '2026-11-20T00:55:00.000Z',
  title: '初診の受付から会計まで',
  summary:
    '目的「初診の受付から会計までの待ち時間を短くしたい」に沿って、受付・問診・診察・会計の 4 段階の手順をひな形から作りました。担当と所要時間は直してお使いください。',
  steps: [
    {
      order: 1,
      title: '受付と保険証の確認',
      description: 'マイナ保険証または保険証を確認し、初診の問診票を渡します。',
      owner_role: '受付',
      estimated_minutes: 5,
      checks: ['保険証の有効期限', '連絡先の記入'],
      tools: ['受付端末'],
    },
    {
      order: 2,
      title: '問診票の入力',
      description: '記入された問診票を電子カルテに入力します。',
      owner_role: '看護師',
      estimated_minutes: 10,
      checks: ['アレルギーの有無'],
      tools: ['電子カルテ'],
    },
    {
      order: 3,
      title: '診察',
      description: null,
      owner_role: '医師',
      estimated_minutes: 15,
      checks: [],
      tools: [],
    },
    {
      order: 4,
      title: '会計と次回予約',
      description: '会計を済ませ、必要なら次回の予約を取ります。',
      owner_role: '受付',
      estimated_minutes: 5,
      checks: ['領収書の発行'],
      tools: ['レセコン'],
    },
  ],
  notes: ['オフラインモードのため、ひな形と登録済みの手順から作りました。'],
  sources: [],
};

export const CUSTOMER_ANALYSIS: Schemas['CustomerAnalysis'] = {
  mode: 'offline',
  generated_at: '2026-11-20T00:55:00.000Z',
  summary: '登録されている顧客 36 人を、最近 90 日の対応と回数で分けました。',
  total_customers: 36,
  segments: [
    {
      label: '3 か月以内に来院',
      customer_count: 18,
      share: 0.5,
      characteristics: ['対応が 2 回以上'],
    },
    {
      label: '半年以上来院なし',
      customer_count: 11,
      share: 0.306,
      characteristics: ['再来院のご案内の候補'],
    },
    { label: '新規（初回のみ）', customer_count: 7, share: 0.194, characteristics: ['2 回目の来院がまだ'] },
  ],
  insights: ['半分の方が 3 か月以内に来院しています。', '半年以上来院のない方が 11 人います。'],
  sources: [],
};

export const ADVERTISING_TEXT = '地域No.1の実績！当院の花粉症治療は必ず治ります。';

export const ADVERTISING_CHECK: Schemas['AdvertisingCheck'] = {
  mode: 'offline',
  checked_at: '2026-11-20T00:55:00.000Z',
  findings: [
    {
      field: 'text',
      start: 0,
      end: 6,
      quote: '地域No.1',
      category: 'comparative',
      rule_id: 'comparative-top',
      reason: '他の医療機関より優れていると示す表現（比較優良広告）は広告できません。',
      suggestion: '「地域の皆さまに選ばれて 20 年」など、事実に基づく表現にしてください。',
      origin: 'rules',
    },
    {
      field: 'text',
      start: 19,
      end: 25,
      quote: '必ず治ります',
      category: 'false_claim',
      rule_id: 'false-claim-cure',
      reason: '治療の効果を保証する表現（虚偽広告）は広告できません。',
      suggestion: '「症状に合わせた治療をご提案します」のように言い換えてください。',
      origin: 'rules',
    },
  ],
};
