/**
 * How the legal-check chat words its answers: never more than the passages say. Offline it quotes
 * them verbatim under a clear label; with a chat model it asks for an answer from the numbered
 * passages only and keeps it only when it cites them; every answer ends with the notice that it
 * is not legal advice.
 */
import type { ChatMessage } from '../../platform/ai/provider';
import { contentBigramsOf, foldWithOffsets } from '../../platform/search/fold';

export const NOT_FOUND_ANSWER = '登録された資料には該当する記載が見つかりませんでした。';
export const LEGAL_NOTICE =
  '※ この回答は登録された資料に基づく参考情報であり、法的助言ではありません。判断が必要な場合は弁護士などの専門家にご相談ください。';
export const OFFLINE_LABEL =
  '**AI を使わない検索結果です。** 登録された資料のうち、質問に関係する箇所をそのまま示します。';
export const AI_UNREACHABLE_NOTE = '（AI サービスに接続できなかったため、AI を使わずにお答えしています。）';
export const AI_BUDGET_NOTE = '（本日の AI の利用上限に達したため、AI を使わずにお答えしています。）';
export const AI_UNCITED_NOTE =
  '（AI の回答に資料の根拠が示されなかったため、AI の回答の代わりに資料の該当箇所を示します。）';

/** Longest answer the model may write (tokens). */
export const ANSWER_MAX_TOKENS = 800;
/** About this many characters of a passage are shown as a source's excerpt. */
const EXCERPT_LENGTH = 300;

/** A retrieved passage with what a citation shows. */
export interface CitedPassage {
  documentId: string;
  title: string;
  fileName: string;
  chunkIndex: number;
  page: number | null;
  text: string;
  score: number;
}

/** 「（個人情報の取扱い規程 2 ページ）」, or the title alone when the format has no pages. */
export function citationLabel(passage: Pick<CitedPassage, 'title' | 'page'>): string {
  return passage.page === null ? `（${passage.title}）` : `（${passage.title} ${passage.page} ページ）`;
}

function quote(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

export function notFoundAnswer(): string {
  return `${NOT_FOUND_ANSWER}\n\n${LEGAL_NOTICE}`;
}

/** The passages verbatim, numbered as the sources are, under the offline label. */
export function offlineAnswer(passages: readonly CitedPassage[], note?: string): string {
  const quotes = passages.map(
    (passage, index) => `**[${index + 1}]** ${citationLabel(passage)}\n${quote(passage.text)}`,
  );
  return [...(note ? [note] : []), OFFLINE_LABEL, ...quotes, LEGAL_NOTICE].join('\n\n');
}

export const SYSTEM_PROMPT = [
  'あなたは診療所の職員が規程・契約書・マニュアルを確認するのを手伝うアシスタントです。次の規則を必ず守り、日本語で答えてください。',
  '- ユーザーのメッセージにある番号付きの「資料の抜粋」だけを根拠に答えます。抜粋に書かれていないこと（一般的な知識や推測）は書きません。',
  '- 根拠にした抜粋の番号を、その内容を述べた文の末尾に [1] のように付けます。',
  `- 抜粋に質問の答えが書かれていなければ、「${NOT_FOUND_ANSWER}」とだけ答えます。`,
  '- 法的な判断を断定せず、簡潔に答えます。',
].join('\n');

/** The messages for the chat model: the rules, then the numbered passages and the question. */
export function chatMessages(query: string, passages: readonly CitedPassage[]): ChatMessage[] {
  const excerpts = passages.map(
    (passage, index) => `[${index + 1}] ${citationLabel(passage)}\n${passage.text.trim()}`,
  );
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `資料の抜粋:\n\n${excerpts.join('\n\n')}\n\n質問: ${query}` },
  ];
}

export type ModelAnswer =
  | { kind: 'answer'; text: string; cited: number[] }
  | { kind: 'not_found' }
  | { kind: 'uncited' };

/**
 * Reads the model's answer: the passage numbers it cites (those that exist, in order of first
 * use), renumbered 1..n in the text so they match the sources kept; citations of passages that do
 * not exist are removed. An answer that says the passages do not answer, and cites nothing, is
 * `not_found`; any other answer without a valid citation is `uncited` (not kept).
 */
export function readModelAnswer(answer: string, passageCount: number): ModelAnswer {
  const text = answer.trim();
  const cited: number[] = [];
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const number = Number(match[1]);
    if (number >= 1 && number <= passageCount && !cited.includes(number)) cited.push(number);
  }
  if (cited.length === 0) {
    return text.includes(NOT_FOUND_ANSWER.replace(/。$/, '')) ? { kind: 'not_found' } : { kind: 'uncited' };
  }
  const renumbered = text.replace(/([ \t]?)\[(\d{1,2})\]/g, (_whole, space: string, digits: string) => {
    const position = cited.indexOf(Number(digits));
    return position === -1 ? '' : `${space}[${position + 1}]`;
  });
  return { kind: 'answer', text: renumbered.trim(), cited };
}

export function modelAnswer(text: string): string {
  return `${text}\n\n${LEGAL_NOTICE}`;
}

/**
 * About 300 characters of the passage where the question's words are densest (the whole passage
 * when it is short), '…' where cut.
 */
export function excerptOf(text: string, query: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= EXCERPT_LENGTH) return trimmed;
  const { folded, starts } = foldWithOffsets(trimmed);
  const positions: number[] = [];
  for (const term of contentBigramsOf(query)) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1))
      positions.push(starts[at]!);
  }
  positions.sort((a, b) => a - b);
  let bestStart = 0;
  let bestCount = 0;
  for (let first = 0, last = 0; first < positions.length; first++) {
    while (last < positions.length && positions[last]! < positions[first]! + EXCERPT_LENGTH - 40) last++;
    if (last - first > bestCount) {
      bestCount = last - first;
      bestStart = positions[first]!;
    }
  }
  let start = Math.max(0, Math.min(bestStart - 40, trimmed.length - EXCERPT_LENGTH));
  if (/[\udc00-\udfff]/.test(trimmed[start] ?? '')) start -= 1;
  let end = Math.min(trimmed.length, start + EXCERPT_LENGTH);
  if (/[\ud800-\udbff]/.test(trimmed[end - 1] ?? '')) end += 1;
  return `${start > 0 ? '…' : ''}${trimmed.slice(start, end)}${end < trimmed.length ? '…' : ''}`;
}
