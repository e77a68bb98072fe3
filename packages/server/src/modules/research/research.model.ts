/**
 * Research with a chat model: a plan of questions (one call), retrieval per question (the
 * tenant's documents and knowledge base, and the web when a search is configured), then one
 * synthesis that may cite only the numbered sources; citations of sources that do not exist are
 * removed and the rest renumbered in order of first use.
 */
import { readJsonObject } from '../../platform/ai/model-json';
import type { ChatMessage } from '../../platform/ai/provider';
import type { TenantChat } from '../../platform/ai/tenant-ai';
import { AppError } from '../../platform/errors';
import type { ResearchDraft } from './research.offline';
import type { AiSource } from './research.sources';

const PLAN_MAX_TOKENS = 400;
const SYNTHESIS_MAX_TOKENS = 2500;

export const PLAN_PROMPT = [
  'あなたは診療所の職員のための調査担当です。依頼と手元の記録を読み、調べるべき問いを日本語で最大 5 つ挙げてください。',
  '答えは JSON オブジェクト {"questions": ["…", …]} だけにしてください。',
].join('\n');

export const SYNTHESIS_PROMPT = [
  'あなたは診療所の職員のための調査担当です。次の規則を必ず守り、日本語で調査レポートを書いてください。',
  '- 番号付きの「資料」だけを根拠にします。資料にないこと（一般的な知識や推測）は事実として書かず、「不明（要確認）」と書きます。',
  '- 各節の citations には、その節の根拠にした資料の番号を入れます。本文中の根拠にも [1] のように番号を付けます。',
  '- 答えは JSON オブジェクトだけです: {"summary": string, "sections": [{"heading": string, "body": string, "bullet_points": string[], "citations": number[]}], "competitors": [{"name": string, "summary": string, "strengths": string[], "weaknesses": string[]}], "recommendations": string[]}',
  '- competitors は競合調査のときだけ書き、それ以外は空の配列にします。',
].join('\n');

function numbered(sources: readonly AiSource[]): string {
  return sources
    .map(
      (source, index) =>
        `[${index + 1}] ${source.title}${source.url ? ` (${source.url})` : ''}\n${source.excerpt ?? ''}`,
    )
    .join('\n\n');
}

function badAnswer(reason: string): AppError {
  return new AppError('EXT_002', { context: { reason } });
}

export async function planQuestions(
  chat: TenantChat,
  request: string,
  records: readonly AiSource[],
  signal?: AbortSignal,
): Promise<string[]> {
  const messages: ChatMessage[] = [
    { role: 'system', content: PLAN_PROMPT },
    { role: 'user', content: `依頼:\n${request}\n\n手元の記録:\n${numbered(records)}` },
  ];
  const answer = readJsonObject(
    await chat.complete(messages, { maxTokens: PLAN_MAX_TOKENS, json: true, ...(signal ? { signal } : {}) }),
  );
  const questions = Array.isArray(answer?.questions)
    ? answer.questions.filter(
        (question): question is string => typeof question === 'string' && question.trim() !== '',
      )
    : [];
  if (questions.length === 0) throw badAnswer('AI サービスが調べる問いを返しませんでした');
  return questions.slice(0, 5).map((question) => question.trim().slice(0, 200));
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The model's report with its citations checked: a section keeps only numbers of sources that
 * exist; sources never cited are dropped and the rest renumbered (text markers too).
 */
export function readSynthesis(answer: string, sources: readonly AiSource[], title: string): ResearchDraft {
  const parsed = readJsonObject(answer);
  if (!parsed || typeof parsed.summary !== 'string' || !Array.isArray(parsed.sections)) {
    throw badAnswer('AI サービスの調査レポートを読めませんでした');
  }
  const valid = (number: unknown): number is number =>
    typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= sources.length;
  const cited: number[] = [];
  const cite = (number: number) => {
    if (!cited.includes(number)) cited.push(number);
  };
  const rawSections = parsed.sections
    .filter((raw): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null)
    .map((raw) => {
      const fromText = [...`${raw.body ?? ''}`.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1]));
      const numbers = [...(Array.isArray(raw.citations) ? raw.citations : []), ...fromText].filter(valid);
      for (const number of numbers) cite(number);
      return {
        heading: typeof raw.heading === 'string' ? raw.heading : '',
        body: typeof raw.body === 'string' ? raw.body : '',
        bullet_points: strings(raw.bullet_points),
        numbers: [...new Set(numbers)],
      };
    })
    .filter((raw) => raw.heading !== '' && raw.numbers.length > 0);
  if (rawSections.length === 0) throw badAnswer('AI サービスの調査レポートに根拠の番号がありませんでした');
  const renumber = (text: string) =>
    text.replace(/([ \t]?)\[(\d{1,2})\]/g, (_whole, space: string, digits: string) => {
      const position = cited.indexOf(Number(digits));
      return position === -1 ? '' : `${space}[${position + 1}]`;
    });
  return {
    title,
    summary: renumber(parsed.summary),
    sections: rawSections.map((raw) => ({
      heading: raw.heading,
      body: renumber(raw.body),
      bullet_points: raw.bullet_points.map(renumber),
      citations: raw.numbers.map((number) => cited.indexOf(number) + 1).sort((a, b) => a - b),
    })),
    competitors: (Array.isArray(parsed.competitors) ? parsed.competitors : [])
      .filter(
        (raw): raw is Record<string, unknown> =>
          typeof raw === 'object' && raw !== null && typeof raw.name === 'string',
      )
      .map((raw) => ({
        name: raw.name as string,
        summary: typeof raw.summary === 'string' ? renumber(raw.summary) : '',
        strengths: strings(raw.strengths).map(renumber),
        weaknesses: strings(raw.weaknesses).map(renumber),
      })),
    recommendations: strings(parsed.recommendations).map(renumber),
    sources: cited.map((number) => sources[number - 1] as AiSource),
  };
}

export async function synthesize(
  chat: TenantChat,
  request: string,
  questions: readonly string[],
  sources: readonly AiSource[],
  title: string,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<ResearchDraft> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYNTHESIS_PROMPT },
    {
      role: 'user',
      content: `依頼:\n${request}\n\n調べた問い:\n${questions.map((question) => `- ${question}`).join('\n')}\n\n資料:\n${numbered(sources)}`,
    },
  ];
  let written = '';
  for await (const event of chat.run(messages, {
    maxTokens: SYNTHESIS_MAX_TOKENS,
    json: true,
    ...(signal ? { signal } : {}),
  })) {
    if (event.type === 'text') {
      written += event.text;
      onText(event.text);
    }
  }
  return readSynthesis(written, sources, title);
}
