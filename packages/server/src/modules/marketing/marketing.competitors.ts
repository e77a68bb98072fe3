import { COMPETITOR_FOCUS_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import {
  MARKETING_COMPETITOR_WORDS,
  noteSentences,
  sortCompetitorNotes,
} from '../../platform/ai/competitor-notes';
import type { InTenant } from '../../platform/ai/tenant-ai';
import { findMentions, readableTextKinds } from '../documents';
import { type MarketingServices, userInput } from './marketing.common';
import { askModel, groundedList, groundedText, UNREADABLE_NOTE } from './marketing.model';

type Schemas = components['schemas'];
type AiSource = Schemas['AiSource'];

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
    const typed = noteSentences(competitor.notes);
    const fromDocuments = hits.flatMap((hit) =>
      noteSentences(hit.excerpt).filter((s) => s.includes(competitor.name)),
    );
    const all = [...typed, ...fromDocuments];
    const { strengths, weaknesses } = sortCompetitorNotes(all, MARKETING_COMPETITOR_WORDS);
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

  const own = noteSentences(body.own_strengths);
  const focus =
    body.focus && body.focus.length > 0
      ? body.focus
      : (Object.keys(COMPETITOR_FOCUS_LABELS) as Schemas['CompetitorFocus'][]);
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
        `${COMPETITOR_FOCUS_LABELS[f]}について、競合と比べた自院の事実（料金表・診療時間・実績など）を一覧にして、次回の比較の材料にしてください。`,
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
