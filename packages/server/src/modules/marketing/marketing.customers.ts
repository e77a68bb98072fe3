import { CUSTOMER_SEGMENT_BASIS_LABELS, GENDER_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import type { InTenant } from '../../platform/ai/tenant-ai';
import type { MarketingServices } from './marketing.common';
import { askModel, groundedList, groundedText, UNREADABLE_NOTE } from './marketing.model';
import { countSegments } from './marketing.repository';

type Schemas = components['schemas'];

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 1000) / 10}%`;
}

const ACTIVITY_LABELS: Record<string, string> = {
  frequent: '期間内に 3 回以上対応',
  occasional: '期間内に 1〜2 回対応',
  lapsed: '期間内は対応なし（以前はあり）',
  never: '対応の記録なし',
};
const LIFECYCLE_LABELS: Record<string, string> = {
  new: '新規（期間内に登録または初回の対応）',
  returning: 'リピート（以前からの顧客で期間内に対応あり）',
  inactive: '期間内の対応なし',
};
const COMPANY_LABELS: Record<string, string> = {
  company: '会社・団体の登録あり',
  individual: '個人（会社の登録なし）',
};

/** 「30代」 for the decade key `30`; under 10 and 90 and over by name. */
function ageLabel(key: string): string {
  if (key === '') return '生年月日の登録なし';
  const decade = Number(key);
  if (decade === 0) return '10歳未満';
  return decade >= 90 ? '90歳以上' : `${decade}代`;
}

function segmentLabel(basis: Schemas['CustomerSegmentBasis'], key: string): string {
  if (basis === 'age') return ageLabel(key);
  if (basis === 'gender')
    return key === '' ? '性別の登録なし' : (GENDER_LABELS[key as keyof typeof GENDER_LABELS] ?? key);
  if (basis === 'activity') return ACTIVITY_LABELS[key] ?? key;
  if (basis === 'lifecycle') return LIFECYCLE_LABELS[key] ?? key;
  if (basis === 'company') return COMPANY_LABELS[key] ?? key;
  if (basis === 'prefecture') return key === '' ? '都道府県の登録なし' : key;
  return key === '' ? 'タグなし' : `タグ「${key}」`;
}

/** Offline: segments counted in SQL, with the insights the rules draw from the counts. */
export async function analyzeCustomersOffline(
  inTenant: InTenant,
  body: Schemas['CustomerAnalysisRequest'],
): Promise<Schemas['CustomerAnalysis']> {
  const basis = body.segment_by ?? 'activity';
  const days = body.period_days ?? 90;
  const tags = body.tags ?? [];
  const counts = await inTenant((tx) => countSegments(tx, basis, days, tags));
  const { total } = counts;
  const segments = counts.segments.map((segment) => ({
    label: segmentLabel(basis, segment.key),
    customer_count: segment.customers,
    share: total === 0 ? 0 : Math.min(1, segment.customers / total),
    characteristics: [
      `全体の ${percent(segment.customers, total)}`,
      `直近 ${days} 日の対応 ${segment.interactions} 件（1 人あたり ${segment.customers === 0 ? 0 : Math.round((segment.interactions / segment.customers) * 10) / 10} 件）`,
    ],
  }));
  const scope = tags.length > 0 ? `タグ「${tags.join('」「')}」のいずれかが付いた` : '登録されている';
  const insights: string[] = [];
  // Segments come largest first, except decades (in age order).
  const largest = segments.reduce<(typeof segments)[number] | undefined>(
    (best, segment) => (best === undefined || segment.customer_count > best.customer_count ? segment : best),
    undefined,
  );
  if (largest)
    insights.push(
      `最も多いのは「${largest.label}」で ${largest.customer_count} 人（${percent(largest.customer_count, total)}）です。`,
    );
  const find = (key: string) => counts.segments.find((segment) => segment.key === key);
  if (basis === 'activity') {
    const lapsed = (find('lapsed')?.customers ?? 0) + (find('never')?.customers ?? 0);
    if (lapsed > 0)
      insights.push(
        `直近 ${days} 日に対応のない顧客が ${lapsed} 人（${percent(lapsed, total)}）います。再来院・近況確認の案内の対象になります。`,
      );
    const frequent = find('frequent')?.customers ?? 0;
    if (frequent > 0)
      insights.push(
        `期間内に 3 回以上対応した顧客が ${frequent} 人います。紹介のお願いや満足度の確認に向いています。`,
      );
  }
  if (basis === 'lifecycle') {
    const fresh = find('new')?.customers ?? 0;
    const returning = find('returning')?.customers ?? 0;
    insights.push(
      `期間内の新規は ${fresh} 人、リピートは ${returning} 人です。${fresh > returning ? '新規の方に 2 回目の来院を案内すると定着につながります。' : '既存の方の継続が中心です。新規の獲得策も検討してください。'}`,
    );
  }
  if (basis === 'tags' || basis === 'prefecture' || basis === 'age' || basis === 'gender') {
    const missing = find('')?.customers ?? 0;
    const field = { tags: 'タグ', prefecture: '都道府県', age: '生年月日', gender: '性別' }[basis];
    if (missing > 0)
      insights.push(
        `${field}の登録がない顧客が ${missing} 人（${percent(missing, total)}）います。登録すると分析の精度が上がります。`,
      );
  }
  if (total === 0) insights.push('対象の顧客がいないため、顧客層を作れませんでした。');
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    summary: `${scope}顧客 ${total} 人を「${CUSTOMER_SEGMENT_BASIS_LABELS[basis]}」で ${segments.length} つの層に分けました（直近 ${days} 日の対応 ${counts.interactions} 件を集計）。人数と割合は登録データの集計です。${basis === 'tags' ? '複数のタグを持つ顧客は、それぞれの層に数えています。' : ''}`,
    total_customers: total,
    segments,
    insights,
    sources: [
      {
        type: 'customer',
        id: null,
        title: `顧客一覧（${total} 人）`,
        excerpt: `${scope}顧客と直近 ${days} 日の対応履歴を集計`,
        url: '/customers',
      },
    ],
  };
}

/**
 * With a model, it rewrites the summary and insights from the counted segments only (counts,
 * shares, labels and sources stay as counted). No customers: nothing to interpret, no call.
 */
export async function analyzeCustomers(
  inTenant: InTenant,
  services: Pick<MarketingServices, 'ai'>,
  body: Schemas['CustomerAnalysisRequest'],
): Promise<Schemas['CustomerAnalysis']> {
  const draft = await analyzeCustomersOffline(inTenant, body);
  if (draft.total_customers === 0) return draft;
  const answer = await askModel(services.ai, inTenant, {
    task: [
      '顧客層ごとの人数と割合から、全体の要約（summary）と、気づき・打ち手（insights、1〜8 件）を書いてください。',
      '個々の顧客の名前は分からないので書かないでください。',
    ],
    request: body,
    facts: {
      total_customers: draft.total_customers,
      period_days: body.period_days ?? 90,
      segments: draft.segments,
    },
    draft: { summary: draft.summary, insights: draft.insights },
    maxTokens: 1500,
  });
  if (!answer) return draft;
  const { parsed, grounded } = answer;
  const summary = groundedText(parsed?.summary, grounded, 1000);
  const insights = groundedList(parsed?.insights, grounded, { maxItems: 8, maxLength: 300 });
  if (summary === null && insights === null)
    return { ...draft, summary: `${draft.summary}${UNREADABLE_NOTE}` };
  return {
    ...draft,
    mode: 'openai',
    summary: summary ?? draft.summary,
    insights: insights ?? draft.insights,
  };
}
