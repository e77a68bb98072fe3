import type { components } from '@tsumiki/api-client';

type ChatTurn = components['schemas']['ChatTurn'];

/** The API takes at most 20 turns of history (SPEC: the client keeps the conversation). */
export const MAX_HISTORY_TURNS = 20;

export interface ExchangeLike {
  question: string;
  answer: string;
}

/**
 * The turns to send with the next question: every finished exchange as a user and an assistant
 * turn, oldest first, keeping the newest 20; `dropped` counts the turns left out.
 */
export function historyToSend(exchanges: readonly ExchangeLike[]): { history: ChatTurn[]; dropped: number } {
  const turns: ChatTurn[] = exchanges.flatMap((exchange) => [
    { role: 'user' as const, content: exchange.question.slice(0, 4000) },
    { role: 'assistant' as const, content: exchange.answer.slice(0, 4000) || '（回答なし）' },
  ]);
  const dropped = Math.max(0, turns.length - MAX_HISTORY_TURNS);
  return { history: turns.slice(dropped), dropped };
}
