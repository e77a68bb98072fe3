import { describe, expect, it } from 'vitest';
import { matchIntent } from '../../src/modules/assistant/assistant.intents';

describe('offline intent matcher', () => {
  it.each([
    ['今月の対応件数は？', [{ tool: 'count_interactions', args: { period: 'this_month' } }]],
    ['先月の対応件数', [{ tool: 'count_interactions', args: { period: 'last_month' } }]],
    ['今週の電話は何件？', [{ tool: 'count_interactions', args: { period: 'this_week', type: 'call' } }]],
    ['今日の来院の件数', [{ tool: 'count_interactions', args: { period: 'today', type: 'visit' } }]],
    ['山田さんの最近の対応は？', [{ tool: 'customer_interactions', args: { query: '山田' } }]],
    ['顧客は何人？', [{ tool: 'count_customers', args: { period: 'all' } }]],
    ['新規顧客（今月）', [{ tool: 'count_customers', args: { period: 'this_month' } }]],
    ['先月の新規顧客は？', [{ tool: 'count_customers', args: { period: 'last_month' } }]],
    ['「ホワイトニング」を扱った対応は？', [{ tool: 'search_products', args: { query: 'ホワイトニング' } }]],
    ['スタッフ一覧', [{ tool: 'list_staff', args: {} }]],
    ['「個人情報」に関する文書は？', [{ tool: 'search_documents', args: { query: '個人情報' } }]],
  ] as const)('%s', (question, plan) => {
    expect(matchIntent(question, 'all')).toEqual(plan);
  });

  it('looks up a staff member’s contact in the staff scope, a customer’s otherwise', () => {
    expect(matchIntent('佐藤さんの連絡先は？', 'staff')).toEqual([
      { tool: 'list_staff', args: { query: '佐藤' } },
    ]);
    expect(matchIntent('佐藤さんの連絡先は？', 'all')).toEqual([
      { tool: 'search_customers', args: { query: '佐藤' } },
    ]);
    expect(matchIntent('スタッフの佐藤さんの連絡先は？', 'all')).toEqual([
      { tool: 'list_staff', args: { query: '佐藤' } },
    ]);
  });

  it('answers nothing outside the scope or the data', () => {
    expect(matchIntent('今月の対応件数は？', 'documents')).toBeNull();
    expect(matchIntent('スタッフ一覧', 'customers')).toBeNull();
    expect(matchIntent('明日の天気は？', 'all')).toBeNull();
  });

  it('uses the chat’s customer for questions about “this” customer', () => {
    const id = '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d';
    expect(matchIntent('最近の対応は？', 'all', id)).toEqual([
      { tool: 'recent_interactions', args: { customer_id: id, limit: 10 } },
    ]);
  });
});
