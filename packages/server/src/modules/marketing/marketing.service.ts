import holidayJp from '@holiday-jp/holiday_jp';
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider } from '../../platform/ai/provider';
import type { InTenant } from '../../platform/ai/tenant-ai';
import type { TextIndex } from '../../platform/search/text-index';
import { personName } from '../../platform/text/person-name';
import { PREFECTURES } from '../addresses';
import { findMentions, readableTextKinds } from '../documents';
import { askModel, groundedList, groundedText, hashtags, UNREADABLE_NOTE } from './marketing.model';
import { countSegments, countTarget, localToday, tagsInUse } from './marketing.repository';

type Schemas = components['schemas'];
type AiSource = Schemas['AiSource'];
type Channel = Schemas['MarketingChannel'];

export interface MarketingServices {
  /** The AI provider: with a chat model, the model rewrites the wording of the rule-based draft. */
  ai: AiProvider;
  textIndex: TextIndex;
  /** The user's permissions: documents they could not open are not quoted. */
  can?: (permission: Permission) => boolean;
}

export const CHANNEL_LABELS: Record<Channel, string> = {
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

function userInput(title: string, excerpt: string): AiSource {
  return { type: 'user_input', id: null, title, excerpt: excerpt.slice(0, 300), url: null };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 1000) / 10}%`;
}

// ── customer analysis ────────────────────────────────────────────────────────────────────────

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

function segmentLabel(basis: Schemas['CustomerSegmentBasis'], key: string): string {
  if (basis === 'activity') return ACTIVITY_LABELS[key] ?? key;
  if (basis === 'lifecycle') return LIFECYCLE_LABELS[key] ?? key;
  if (basis === 'company') return COMPANY_LABELS[key] ?? key;
  if (basis === 'prefecture') return key === '' ? '都道府県の登録なし' : key;
  return key === '' ? 'タグなし' : `タグ「${key}」`;
}

const BASIS_LABELS: Record<Schemas['CustomerSegmentBasis'], string> = {
  activity: '最近の対応と回数',
  lifecycle: '新規とリピート',
  company: '会社の有無',
  prefecture: '都道府県',
  tags: 'タグ',
};

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
  const largest = segments[0];
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
  if (basis === 'tags' || basis === 'prefecture') {
    const missing = find('')?.customers ?? 0;
    if (missing > 0)
      insights.push(
        `${basis === 'tags' ? 'タグ' : '都道府県'}の登録がない顧客が ${missing} 人（${percent(missing, total)}）います。登録すると分析の精度が上がります。`,
      );
  }
  if (total === 0) insights.push('対象の顧客がいないため、顧客層を作れませんでした。');
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    summary: `${scope}顧客 ${total} 人を「${BASIS_LABELS[basis]}」で ${segments.length} つの層に分けました（直近 ${days} 日の対応 ${counts.interactions} 件を集計）。人数と割合は登録データの集計です。${basis === 'tags' ? '複数のタグを持つ顧客は、それぞれの層に数えています。' : ''}`,
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

// ── campaign proposal ────────────────────────────────────────────────────────────────────────

interface TargetRule {
  description: string;
  criteria: { tag?: string; prefecture?: string; inactiveDays?: number; newDays?: number };
}

/** Reads the typed target into a countable rule; unknown text → every live customer (said so). */
function targetRule(text: string, tags: readonly string[]): TargetRule {
  const folded = text.normalize('NFKC');
  const tag = [...tags].sort((a, b) => b.length - a.length).find((candidate) => folded.includes(candidate));
  if (tag) return { description: `タグ「${tag}」の顧客`, criteria: { tag } };
  const prefecture = PREFECTURES.find((name) => folded.includes(name));
  if (prefecture) return { description: `${prefecture}の顧客`, criteria: { prefecture } };
  const years = folded.match(/(\d+)\s*年以上/);
  const months = folded.match(/(\d+)\s*(?:か月|ヶ月|カ月)以上/);
  if (years || months || /休眠|来院のない|来院がない|ご無沙汰|対応のない/.test(folded)) {
    const days = years ? Number(years[1]) * 365 : months ? Number(months[1]) * 30 : 365;
    return {
      description: `直近 ${days} 日に対応のない顧客`,
      criteria: { inactiveDays: Math.min(days, 3650) },
    };
  }
  if (/新規|初診|初めて/.test(folded))
    return { description: '直近 90 日に登録した顧客', criteria: { newDays: 90 } };
  return { description: '登録されているすべての顧客', criteria: {} };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The earlier / later of two ISO dates. */
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const CHANNEL_ACTIONS: Record<Channel, { announce: string; follow: string }> = {
  email: { announce: '対象の方へ案内メールを送る', follow: '未開封・未反応の方へ 1 週間後に再送する' },
  sms: { announce: '対象の方へ短い案内の SMS を送る', follow: '予約のない方へ締切前に 1 回だけ再送する' },
  line: { announce: 'LINE 公式アカウントで案内を配信する', follow: '予約リンク付きのリマインドを配信する' },
  website: { announce: 'ウェブサイトのお知らせに案内を掲載する', follow: 'よくある質問を追記する' },
  sns: { announce: 'SNS に案内を投稿する', follow: '反応の多かった話題で追加投稿する' },
  flyer: { announce: 'チラシを院内・近隣に配布する', follow: '配布場所ごとの反応を確かめる' },
  event: { announce: '院内イベント・説明会の日程を告知する', follow: '参加者へお礼と次回の案内を送る' },
  phone: { announce: '対象の方へ電話で案内する（時間帯に配慮）', follow: '不在の方へ日を改めてかけ直す' },
  in_store: {
    announce: '院内にポスターを掲示し、受付で声をかける',
    follow: '受付での声かけの件数を記録する',
  },
};

/** Offline: the target counted in SQL, KPIs as fixed shares of it, phases cut from the dates. */
export async function proposeCampaignOffline(
  inTenant: InTenant,
  body: Schemas['CampaignProposalRequest'],
): Promise<Schemas['CampaignProposal']> {
  const chosen = body.channels && body.channels.length > 0;
  const channels: Channel[] = chosen ? [...(body.channels as Channel[])] : ['email', 'website', 'in_store'];
  const { rule, today, target } = await inTenant(async (tx) => {
    const rule = targetRule(`${body.target ?? ''} ${body.objective}`, await tagsInUse(tx));
    return { rule, today: await localToday(tx), target: await countTarget(tx, rule.criteria) };
  });
  const start = body.start_date ?? today;
  const end = body.end_date && body.end_date >= start ? body.end_date : addDays(start, 29);
  const span = daysBetween(start, end) + 1;
  const cut = (fraction: number) => addDays(start, Math.max(0, Math.floor(span * fraction) - 1));
  const prepEnd = cut(0.2);
  const announceEnd = cut(0.6);
  const phases: Schemas['CampaignPhase'][] = [
    {
      name: '準備',
      start_date: start,
      end_date: prepEnd,
      actions: [
        '対象者の一覧を顧客管理で確認する',
        '案内文・予約枠を用意する',
        '反応を数える方法（予約時の一言など）を決める',
      ],
    },
    {
      name: '告知',
      start_date: earlier(addDays(prepEnd, 1), end),
      end_date: later(announceEnd, earlier(addDays(prepEnd, 1), end)),
      actions: channels.map((channel) => `${CHANNEL_LABELS[channel]}: ${CHANNEL_ACTIONS[channel].announce}`),
    },
    {
      name: 'フォロー',
      start_date: earlier(addDays(announceEnd, 1), end),
      end_date: end,
      actions: channels.map((channel) => `${CHANNEL_LABELS[channel]}: ${CHANNEL_ACTIONS[channel].follow}`),
    },
    {
      name: '振り返り',
      start_date: end,
      end_date: addDays(end, 7),
      actions: ['KPI の実績を数えて目標と比べる', '反応の良かったチャネルと文面を記録する'],
    },
  ];
  const n = target.count;
  const kpis: Schemas['Kpi'][] = [
    { name: '案内を届けた人数', target: `${n} 人（対象の全員）` },
    {
      name: '反応した人数（返信・予約）',
      target: `${Math.ceil(n * 0.1)} 人（対象 ${n} 人の 10%、切り上げ）`,
    },
    { name: '来院・成約した人数', target: `${Math.ceil(n * 0.05)} 人（対象 ${n} 人の 5%、切り上げ）` },
  ];
  const budget = body.budget_yen ?? null;
  const cost =
    budget === null
      ? '予算が入力されていないため、費用は見積もっていません。'
      : `費用の見込みは入力された予算 ${budget.toLocaleString('ja-JP')} 円です（チャネル ${channels.length} 件で均等に分けると 1 件あたり ${Math.floor(budget / channels.length).toLocaleString('ja-JP')} 円）。単価は推測していません。`;
  const sources: AiSource[] = [
    userInput('入力された目的', body.objective),
    ...(body.target ? [userInput('入力された対象', body.target)] : []),
    ...target.examples.map((customer) => ({
      type: 'customer' as const,
      id: customer.id,
      title: personName(customer.last_name, customer.first_name),
      excerpt: `対象（${rule.description}）の一人`,
      url: `/customers/${customer.id}`,
    })),
  ];
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    title: `${body.objective.slice(0, 40)}のキャンペーン案`,
    summary:
      `対象は「${rule.description}」で、登録データでは ${n} 人です。${start} から ${end} までの ${span} 日を 4 つの段階に分けました。` +
      `KPI は対象人数に決まった割合（反応 10%・来院 5%、切り上げ）を掛けた目安です。${cost}` +
      (chosen ? '' : 'チャネルは指定がないため、メール・ウェブサイト・院内掲示にしました。'),
    target: `${rule.description}（${n} 人）`,
    channels,
    phases,
    kpis,
    estimated_cost_yen: budget,
    sources,
  };
}

/**
 * With a model, it rewrites the title, the summary and each phase's actions. The target, its count,
 * the KPIs, the budget, the channels, the phases' names and dates and the sources stay the draft's
 * (the customers cited as examples are named in the sources, not sent to the model).
 */
export async function proposeCampaign(
  inTenant: InTenant,
  services: Pick<MarketingServices, 'ai'>,
  body: Schemas['CampaignProposalRequest'],
): Promise<Schemas['CampaignProposal']> {
  const draft = await proposeCampaignOffline(inTenant, body);
  const answer = await askModel(services.ai, inTenant, {
    task: [
      '利用者の目的に合わせて、キャンペーンの名前（title）、要約（summary）、各段階の具体的な行動（phases の actions、1 段階 1〜8 件）を書いてください。',
      '段階の名前（name）は変えないでください。対象の人数・KPI・予算・日付は事実のとおりで、書き直しの対象ではありません。',
    ],
    request: body,
    facts: {
      target: draft.target,
      channels: draft.channels.map((channel) => CHANNEL_LABELS[channel]),
      phases: draft.phases.map(({ name, start_date, end_date }) => ({ name, start_date, end_date })),
      kpis: draft.kpis,
      estimated_cost_yen: draft.estimated_cost_yen,
    },
    draft: {
      title: draft.title,
      summary: draft.summary,
      phases: draft.phases.map(({ name, actions }) => ({ name, actions })),
    },
    maxTokens: 2000,
  });
  if (!answer) return draft;
  const { parsed, grounded } = answer;
  const title = groundedText(parsed?.title, grounded, 100);
  const summary = groundedText(parsed?.summary, grounded, 1000);
  const written =
    Array.isArray(parsed?.phases) && parsed.phases.length === draft.phases.length ? parsed.phases : null;
  const actions = written?.map((phase) =>
    phase && typeof phase === 'object'
      ? groundedList((phase as Record<string, unknown>).actions, grounded, { maxItems: 8, maxLength: 200 })
      : null,
  );
  const phases = actions?.every((list) => list !== null)
    ? draft.phases.map((phase, index) => ({ ...phase, actions: actions[index] as string[] }))
    : null;
  if (title === null && summary === null && phases === null)
    return { ...draft, summary: `${draft.summary}${UNREADABLE_NOTE}` };
  return {
    ...draft,
    mode: 'openai',
    title: title ?? draft.title,
    summary: summary ?? draft.summary,
    phases: phases ?? draft.phases,
  };
}

// ── competitor analysis ──────────────────────────────────────────────────────────────────────

const STRENGTH_WORDS = [
  '安い',
  '駐車場',
  '土日',
  '夜間',
  '専門',
  '評判が良',
  '駅近',
  '駅から近',
  '新しい',
  '広い',
  'オンライン',
  '待ち時間が短',
  '女性医師',
  '丁寧',
  '人気',
  '口コミが良',
  '充実',
];
const WEAKNESS_WORDS = [
  '高い',
  '待ち時間が長',
  '混雑',
  '遠い',
  '悪い',
  '少ない',
  'ない',
  '不便',
  '古い',
  '狭い',
  '不満',
  '休み',
  '取りにくい',
];
const FOCUS_LABELS: Record<Schemas['CompetitorFocus'], string> = {
  pricing: '価格',
  services: 'サービス内容',
  marketing: '集客',
  reputation: '評判',
  location: '立地',
};

function sentences(text: string): string[] {
  return text
    .split(/[。\n！!？?]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Offline: the typed notes and the tenant's own passages, sorted into strengths and weaknesses by words. */
export async function analyzeCompetitorsOffline(
  inTenant: InTenant,
  services: Omit<MarketingServices, 'ai'>,
  body: Schemas['CompetitorAnalysisRequest'],
): Promise<Schemas['CompetitorAnalysis']> {
  const kinds = readableTextKinds(services.can);
  const found = await inTenant(async (tx) => {
    const perCompetitor: Array<{ name: string; hits: AiSource[] }> = [];
    for (const competitor of body.competitors) {
      const mentions = await findMentions(tx, services.textIndex, competitor.name, { kinds, limit: 6 });
      perCompetitor.push({
        name: competitor.name,
        hits: mentions.map((mention) => ({
          type: mention.sourceType,
          id: mention.id,
          title: mention.title,
          excerpt: mention.snippet,
          url: mention.url,
        })),
      });
    }
    return perCompetitor;
  });

  const sources: AiSource[] = [];
  const profiles: Schemas['CompetitorProfile'][] = body.competitors.map((competitor, index) => {
    const hits = found[index]?.hits ?? [];
    const typed = sentences(competitor.notes ?? '');
    const fromDocuments = hits.flatMap((hit) =>
      sentences(hit.excerpt ?? '').filter((s) => s.includes(competitor.name)),
    );
    const all = [...typed, ...fromDocuments];
    const strengths = all.filter((s) => STRENGTH_WORDS.some((word) => s.includes(word)));
    const weaknesses = all.filter(
      (s) => !strengths.includes(s) && WEAKNESS_WORDS.some((word) => s.includes(word)),
    );
    if (competitor.notes) sources.push(userInput(`入力された「${competitor.name}」の情報`, competitor.notes));
    if (competitor.url)
      sources.push({
        type: 'user_input',
        id: null,
        title: `入力された「${competitor.name}」の URL`,
        excerpt: null,
        url: competitor.url,
      });
    sources.push(...hits);
    return {
      name: competitor.name,
      summary:
        `入力された情報 ${typed.length} 文と、社内の文書・ナレッジベースで名前が出てくる ${hits.length} 件から整理しました。` +
        (all.length === 0 ? '判断できる情報がないため、強み・弱みは空です。' : ''),
      strengths,
      weaknesses,
    };
  });
  if (sources.length === 0)
    sources.push(
      userInput('入力された競合', body.competitors.map((competitor) => competitor.name).join('、')),
    );

  const own = sentences(body.own_strengths ?? '');
  const focus =
    body.focus && body.focus.length > 0
      ? body.focus
      : (Object.keys(FOCUS_LABELS) as Schemas['CompetitorFocus'][]);
  const opportunities = profiles.flatMap((profile) =>
    profile.weaknesses.map(
      (weakness) => `「${profile.name}」の弱み「${weakness}」は、自院が補える点として打ち出せます。`,
    ),
  );
  const threats = profiles.flatMap((profile) =>
    profile.strengths.map(
      (strength) => `「${profile.name}」の強み「${strength}」に流れる顧客がいる可能性があります。`,
    ),
  );
  const recommendations = [
    ...own.map((strength) => `自院の強み「${strength}」を、案内文やウェブサイトの最初に書いてください。`),
    ...focus.map(
      (f) =>
        `${FOCUS_LABELS[f]}について、競合と比べた自院の事実（料金表・診療時間・実績など）を一覧にして、次回の比較の材料にしてください。`,
    ),
  ];
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    summary:
      `競合 ${profiles.length} 件について、入力された情報と社内の文書・ナレッジベースの記載だけを整理しました（外部の情報は足していません）。` +
      '強み・弱みは文の中の言葉（「駐車場」「待ち時間が長い」など）で分けています。',
    competitors: profiles,
    opportunities,
    threats,
    recommendations,
    sources,
  };
}

/**
 * With a model, it rewrites the summaries, opportunities, threats and recommendations from the
 * typed notes and the cited passages only; the strengths and weaknesses stay the quoted sentences
 * and the sources stay as found. Nothing known about any competitor: no call.
 */
export async function analyzeCompetitors(
  inTenant: InTenant,
  services: MarketingServices,
  body: Schemas['CompetitorAnalysisRequest'],
): Promise<Schemas['CompetitorAnalysis']> {
  const draft = await analyzeCompetitorsOffline(inTenant, services, body);
  const known =
    Boolean(body.own_strengths?.trim()) ||
    body.competitors.some((competitor) => competitor.notes?.trim()) ||
    draft.sources.some((source) => source.type !== 'user_input');
  if (!known) return draft;
  const answer = await askModel(services.ai, inTenant, {
    task: [
      '競合ごとの要約（competitors の summary）、全体の要約（summary）、機会（opportunities）、脅威（threats）、自院の打ち手（recommendations）を書いてください。',
      '根拠は入力された情報、事実の強み・弱み、事実の passages（院内の文書の引用）だけです。外部の情報は足さないでください。',
      '競合の名前（competitors の name）は変えないでください。',
    ],
    request: body,
    facts: {
      competitors: draft.competitors.map(({ name, strengths, weaknesses }) => ({
        name,
        strengths,
        weaknesses,
      })),
      passages: draft.sources
        .filter((source) => source.type !== 'user_input' && source.excerpt)
        .map(({ title, excerpt }) => ({ title, excerpt })),
    },
    draft: {
      summary: draft.summary,
      competitors: draft.competitors.map(({ name, summary }) => ({ name, summary })),
      opportunities: draft.opportunities,
      threats: draft.threats,
      recommendations: draft.recommendations,
    },
    maxTokens: 2500,
  });
  if (!answer) return draft;
  const { parsed, grounded } = answer;
  // A list the rules filled may not come back empty (that would drop what the passages said).
  const list = (value: unknown, before: readonly string[]) =>
    groundedList(value, grounded, { maxItems: 20, maxLength: 300, allowEmpty: before.length === 0 });
  const summary = groundedText(parsed?.summary, grounded, 1000);
  const written =
    Array.isArray(parsed?.competitors) && parsed.competitors.length === draft.competitors.length
      ? parsed.competitors.map((profile) =>
          profile && typeof profile === 'object'
            ? groundedText((profile as Record<string, unknown>).summary, grounded, 500)
            : null,
        )
      : null;
  const competitors = written?.every((text) => text !== null)
    ? draft.competitors.map((profile, index) => ({ ...profile, summary: written[index] as string }))
    : null;
  const opportunities = list(parsed?.opportunities, draft.opportunities);
  const threats = list(parsed?.threats, draft.threats);
  const recommendations = list(parsed?.recommendations, draft.recommendations);
  if ([summary, competitors, opportunities, threats, recommendations].every((field) => field === null))
    return { ...draft, summary: `${draft.summary}${UNREADABLE_NOTE}` };
  return {
    ...draft,
    mode: 'openai',
    summary: summary ?? draft.summary,
    competitors: competitors ?? draft.competitors,
    opportunities: opportunities ?? draft.opportunities,
    threats: threats ?? draft.threats,
    recommendations: recommendations ?? draft.recommendations,
  };
}

// ── content calendar ─────────────────────────────────────────────────────────────────────────

interface Season {
  name: string;
  /** Inclusive month-day ranges ("MM-DD"); a range may wrap the year end. */
  from: string;
  to: string;
  title: string;
  outline: string;
  hashtags: string[];
}

export const SEASONS: readonly Season[] = [
  {
    name: '花粉症の時期',
    from: '02-01',
    to: '04-30',
    title: '花粉症の早めの対策',
    outline: '症状が出る前の受診と、日常でできる対策をまとめます。',
    hashtags: ['#花粉症', '#花粉対策'],
  },
  {
    name: '健康診断の時期',
    from: '05-01',
    to: '06-30',
    title: '健康診断のご予約について',
    outline: '健診のコースと予約の取り方、当日の注意（絶食など）を案内します。',
    hashtags: ['#健康診断', '#健診'],
  },
  {
    name: '健康診断の時期',
    from: '09-15',
    to: '11-30',
    title: '秋の健康診断のご案内',
    outline: '年内に健診を受けたい方へ、空いている日と予約方法を案内します。',
    hashtags: ['#健康診断', '#健診'],
  },
  {
    name: '熱中症の時期',
    from: '07-01',
    to: '08-31',
    title: '熱中症を防ぐために',
    outline: '水分と塩分のとり方、受診の目安になる症状を案内します。',
    hashtags: ['#熱中症', '#熱中症対策'],
  },
  {
    name: 'インフルエンザ予防接種の時期',
    from: '10-01',
    to: '12-31',
    title: 'インフルエンザ予防接種の受付',
    outline: '接種の時期・予約方法・助成の対象を案内します。',
    hashtags: ['#インフルエンザ', '#予防接種'],
  },
  {
    name: '年末年始の休診',
    from: '12-10',
    to: '01-05',
    title: '年末年始の休診のお知らせ',
    outline: '年末年始の休診日と、急な体調不良のときの相談先を案内します。',
    hashtags: ['#年末年始', '#休診のお知らせ'],
  },
];

function inSeason(season: Season, date: string): boolean {
  const md = date.slice(5);
  return season.from <= season.to
    ? md >= season.from && md <= season.to
    : md >= season.from || md <= season.to;
}

const HOLIDAYS = holidayJp.holidays as Record<string, { name: string }>;

/** Offline: holidays from the package, clinic seasons and the user's themes, per week and channel. */
export function planContentCalendarOffline(
  body: Schemas['ContentCalendarRequest'],
): Schemas['ContentCalendar'] {
  const weeks = body.weeks ?? 4;
  const perWeek = body.posts_per_week ?? 2;
  const channels: Channel[] =
    body.channels && body.channels.length > 0 ? [...(body.channels as Channel[])] : ['sns', 'website'];
  const themes = body.themes ?? [];
  const entries: Schemas['ContentCalendarEntry'][] = [];
  let themeTurn = 0;
  for (let week = 0; week < weeks; week += 1) {
    const weekStart = addDays(body.start_date, week * 7);
    const days = Array.from({ length: 7 }, (_, offset) => addDays(weekStart, offset));
    const holidays = days
      .filter((day) => HOLIDAYS[day])
      .map((day) => ({ day, name: HOLIDAYS[day]?.name ?? '' }));
    const seasons = SEASONS.filter((season) => days.some((day) => inSeason(season, day)));
    for (const channel of channels) {
      for (let slot = 0; slot < perWeek; slot += 1) {
        let date = days[Math.floor((slot * 7) / perWeek)] as string;
        const holiday = holidays[slot];
        const season = seasons.length > 0 ? seasons[(week + slot) % seasons.length] : undefined;
        const theme = themes.length > 0 ? themes[themeTurn % themes.length] : undefined;
        let entry: Omit<Schemas['ContentCalendarEntry'], 'date' | 'channel'>;
        if (holiday) {
          // Announce the opening hours the day before the holiday when that day is in the week.
          const before = addDays(holiday.day, -1);
          date = before >= weekStart ? before : holiday.day;
          entry = {
            title: `${holiday.name}の診療時間のお知らせ`,
            outline: `${holiday.day}（${holiday.name}）の診療時間と、前後の混みやすい時間帯をお知らせします。`,
            hashtags: [`#${holiday.name}`, '#診療時間', '#クリニック'],
            occasion: holiday.name,
          };
        } else if (theme && (slot % 2 === 1 || !season)) {
          themeTurn += 1;
          entry = {
            title: theme,
            outline: `「${theme}」について、院内でよくある質問と答えを紹介します。`,
            hashtags: [`#${theme.replace(/\s+/g, '')}`, '#クリニック'],
            occasion: null,
          };
        } else if (season) {
          entry = {
            title: season.title,
            outline: season.outline,
            hashtags: [...season.hashtags, '#クリニック'],
            occasion: season.name,
          };
        } else {
          entry = {
            title: 'クリニックからのお知らせ',
            outline: '診療時間・予約方法・スタッフの紹介など、身近な話題を紹介します。',
            hashtags: ['#クリニック', '#お知らせ'],
            occasion: null,
          };
        }
        entries.push({ date, channel, ...entry });
      }
    }
  }
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || channels.indexOf(a.channel) - channels.indexOf(b.channel),
  );
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    entries,
    sources: [
      userInput(
        '入力された期間とテーマ',
        `${body.start_date} から ${weeks} 週、週 ${perWeek} 回、${channels.map((c) => CHANNEL_LABELS[c]).join('・')}${themes.length > 0 ? `、テーマ: ${themes.join('、')}` : ''}`,
      ),
      {
        type: 'web',
        id: null,
        title: `国民の祝日（@holiday-jp/holiday_jp ${holidayJp.VERSION} のデータ）`,
        excerpt:
          '祝日は内閣府の「国民の祝日」に基づくパッケージのデータ、季節の行事は院内の定型（花粉症・健康診断・熱中症・インフルエンザ予防接種・年末年始）です。',
        url: 'https://www8.cao.go.jp/chosei/shukujitsu/gaiyou.html',
      },
    ],
  };
}

/** The most post ideas one call asks the model to write (bounded prompt and answer). */
const MAX_IDEAS = 30;

/**
 * The calendar's entries grouped into post ideas the model writes once for all their channels:
 * per date and topic, or per topic alone when a long calendar has more than MAX_IDEAS of those
 * (then at most MAX_IDEAS, in date order; the rest keep the rules' wording).
 */
function ideaGroups(entries: readonly Schemas['ContentCalendarEntry'][]): number[][] {
  const group = (key: (entry: Schemas['ContentCalendarEntry']) => string) => {
    const groups = new Map<string, number[]>();
    entries.forEach((entry, index) => {
      const k = key(entry);
      groups.set(k, [...(groups.get(k) ?? []), index]);
    });
    return [...groups.values()];
  };
  const byDate = group((entry) => JSON.stringify([entry.date, entry.title, entry.occasion]));
  if (byDate.length <= MAX_IDEAS) return byDate;
  return group((entry) => JSON.stringify([entry.title, entry.occasion])).slice(0, MAX_IDEAS);
}

/**
 * With a model, it writes each post idea's title, outline and hashtags; the dates, channels and
 * occasions (holidays, clinic seasons) stay the rules'. The request holds no tenant record.
 */
export async function planContentCalendar(
  inTenant: InTenant,
  services: Pick<MarketingServices, 'ai'>,
  body: Schemas['ContentCalendarRequest'],
): Promise<Schemas['ContentCalendar']> {
  const draft = planContentCalendarOffline(body);
  const groups = ideaGroups(draft.entries);
  const first = (indexes: number[]) => draft.entries[indexes[0] as number] as Schemas['ContentCalendarEntry'];
  const answer = await askModel(services.ai, inTenant, {
    task: [
      'クリニックの発信予定です。ideas の各項目について、投稿の題名（title）、内容の骨子（outline）、ハッシュタグ（hashtags、1〜6 個、# で始まり空白なし）を書いてください。',
      '事実の ideas と同じ順番で、同じ件数を返してください。祝日・季節の行事（occasion）とテーマに沿った内容にし、日付は変えないでください。',
      '医療の効果や料金など、入力にない事実は書かないでください。',
    ],
    request: body,
    facts: {
      ideas: groups.map((indexes) => ({
        dates: [...new Set(indexes.map((index) => draft.entries[index]?.date))],
        channels: [
          ...new Set(indexes.map((index) => CHANNEL_LABELS[draft.entries[index]?.channel ?? 'sns'])),
        ],
        occasion: first(indexes).occasion,
      })),
    },
    draft: {
      ideas: groups.map((indexes) => {
        const { title, outline, hashtags } = first(indexes);
        return { title, outline, hashtags };
      }),
    },
    maxTokens: 3000,
  });
  if (!answer) return draft;
  const { parsed, grounded } = answer;
  // No summary in a calendar: an unusable answer shows as the rules' calendar (mode offline).
  if (!Array.isArray(parsed?.ideas) || parsed.ideas.length !== groups.length) return draft;
  const entries = [...draft.entries];
  let used = 0;
  parsed.ideas.forEach((raw, index) => {
    if (!raw || typeof raw !== 'object') return;
    const idea = raw as Record<string, unknown>;
    const title = groundedText(idea.title, grounded, 100);
    const outline = groundedText(idea.outline, grounded, 500);
    const tags = hashtags(idea.hashtags, grounded);
    if (title === null || outline === null || tags === null) return;
    used += 1;
    for (const at of groups[index] ?? []) {
      const entry = entries[at] as Schemas['ContentCalendarEntry'];
      entries[at] = { ...entry, title, outline, hashtags: tags };
    }
  });
  return used === 0 ? draft : { ...draft, mode: 'openai', entries };
}
