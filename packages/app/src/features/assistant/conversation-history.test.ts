import { describe, expect, it } from 'vitest';
import { historyToSend, MAX_HISTORY_TURNS } from './conversation-history';

describe('historyToSend', () => {
  it('sends every turn while there are 20 or fewer', () => {
    const { history, dropped } = historyToSend([
      { question: '今月の対応件数は？', answer: '今月の対応は **8 件** です。' },
    ]);
    expect(dropped).toBe(0);
    expect(history).toEqual([
      { role: 'user', content: '今月の対応件数は？' },
      { role: 'assistant', content: '今月の対応は **8 件** です。' },
    ]);
  });

  it('keeps the newest 20 turns and counts the dropped ones', () => {
    const exchanges = Array.from({ length: 12 }, (_, index) => ({
      question: `質問 ${index}`,
      answer: `回答 ${index}`,
    }));
    const { history, dropped } = historyToSend(exchanges);
    expect(history).toHaveLength(MAX_HISTORY_TURNS);
    expect(dropped).toBe(4);
    expect(history[0]).toEqual({ role: 'user', content: '質問 2' });
    expect(history.at(-1)).toEqual({ role: 'assistant', content: '回答 11' });
  });

  it('never sends an empty assistant turn (the API needs at least one character)', () => {
    expect(historyToSend([{ question: 'こんにちは', answer: '' }]).history[1]?.content).toBe('（回答なし）');
  });
});
