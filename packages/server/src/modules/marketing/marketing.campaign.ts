import { GENDER_LABELS, MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import type { InTenant } from '../../platform/ai/tenant-ai';
import { personName } from '../../platform/text/person-name';
import { PREFECTURES } from '../addresses';
import { campaignFindings } from './advertising/draft-findings';
import { addDays, type MarketingServices, userInput } from './marketing.common';
import { askModel, groundedList, groundedText, UNREADABLE_NOTE } from './marketing.model';
import { countTarget, localToday, type TargetCriteria, tagsInUse } from './marketing.repository';

type Schemas = components['schemas'];
type AiSource = Schemas['AiSource'];
type Channel = Schemas['MarketingChannel'];

interface TargetRule {
  description: string;
  criteria: TargetCriteria;
}

/**
 * Ages and gender in a typed target: 「30代」「10歳未満」「90歳以上」 (the customer analysis's decade
 * names, so 「この顧客層でキャンペーンを作る」 counts the same people), 「女性」「男性」.
 */
function personRule(text: string): TargetRule | null {
  const decade = text.match(/(\d+)\s*代/);
  const under = text.match(/(\d+)\s*歳未満/);
  const over = text.match(/(\d+)\s*歳以上/);
  const age = decade
    ? { ageFrom: Number(decade[1]), ageTo: Number(decade[1]) + 9, words: `${Number(decade[1])}代` }
    : under
      ? { ageTo: Number(under[1]) - 1, words: `${Number(under[1])}歳未満` }
      : over
        ? { ageFrom: Number(over[1]), words: `${Number(over[1])}歳以上` }
        : null;
  const gender = /女性|女の方/.test(text) ? 'female' : /男性|男の方/.test(text) ? 'male' : null;
  if (!age && !gender) return null;
  const words = `${age?.words ?? ''}${gender ? GENDER_LABELS[gender] : ''}`;
  return {
    description: `${words}の顧客`,
    criteria: {
      ...(age?.ageFrom !== undefined ? { ageFrom: age.ageFrom } : {}),
      ...(age?.ageTo !== undefined ? { ageTo: age.ageTo } : {}),
      ...(gender ? { gender } : {}),
    },
  };
}

/** Reads the typed target into a countable rule; unknown text → every live customer (said so). */
function targetRule(text: string, tags: readonly string[]): TargetRule {
  const folded = text.normalize('NFKC');
  const tag = [...tags].sort((a, b) => b.length - a.length).find((candidate) => folded.includes(candidate));
  if (tag) return { description: `タグ「${tag}」の顧客`, criteria: { tag } };
  const prefecture = PREFECTURES.find((name) => folded.includes(name));
  if (prefecture) return { description: `${prefecture}の顧客`, criteria: { prefecture } };
  const person = personRule(folded);
  if (person) return person;
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
    const tags = await tagsInUse(tx);
    // The typed target decides; the objective's words only when the target names nobody.
    const named = targetRule(body.target ?? '', tags);
    const rule =
      Object.keys(named.criteria).length > 0
        ? named
        : targetRule(`${body.target ?? ''} ${body.objective}`, tags);
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
      actions: channels.map(
        (channel) => `${MARKETING_CHANNEL_LABELS[channel]}: ${CHANNEL_ACTIONS[channel].announce}`,
      ),
    },
    {
      name: 'フォロー',
      start_date: earlier(addDays(announceEnd, 1), end),
      end_date: end,
      actions: channels.map(
        (channel) => `${MARKETING_CHANNEL_LABELS[channel]}: ${CHANNEL_ACTIONS[channel].follow}`,
      ),
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
  const title = `${body.objective.slice(0, 40)}のキャンペーン案`;
  const summary =
    `対象は「${rule.description}」で、登録データでは ${n} 人です。${start} から ${end} までの ${span} 日を 4 つの段階に分けました。` +
    `KPI は対象人数に決まった割合（反応 10%・来院 5%、切り上げ）を掛けた目安です。${cost}` +
    (chosen ? '' : 'チャネルは指定がないため、メール・ウェブサイト・院内掲示にしました。');
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    title,
    summary,
    target: `${rule.description}（${n} 人）`,
    channels,
    phases,
    kpis,
    estimated_cost_yen: budget,
    sources,
    advertising_findings: campaignFindings({ title, summary, phases }),
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
      channels: draft.channels.map((channel) => MARKETING_CHANNEL_LABELS[channel]),
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
  const rewritten = {
    title: title ?? draft.title,
    summary: summary ?? draft.summary,
    phases: phases ?? draft.phases,
  };
  return { ...draft, mode: 'openai', ...rewritten, advertising_findings: campaignFindings(rewritten) };
}
