import { describe, expect, it } from 'vitest';
import { matchIntent } from '../../src/modules/assistant/assistant.intents';

describe('offline intent matcher', () => {
  it.each([
    ['今月の対応件数は？', [{ tool: 'count_interactions', args: { period: 'this_month' } }]],
    ['先月の対応件数', [{ tool: 'count_interactions', args: { period: 'last_month' } }]],
    ['今週の電話は何件？', [{ tool: 'count_interactions', args: { period: 'this_week', type: 'call' } }]],
    ['今日の来院の件数', [{ tool: 'count_interactions', args: { period: 'today', type: 'visit' } }]],
    ['山田さんの最近の対応は？', [{ tool: 'customer_interactions', args: { query: '山田さん' } }]],
    ['顧客は何人？', [{ tool: 'count_customers', args: { period: 'all' } }]],
    ['新規顧客（今月）', [{ tool: 'count_customers', args: { period: 'this_month' } }]],
    ['先月の新規顧客は？', [{ tool: 'count_customers', args: { period: 'last_month' } }]],
    ['「ホワイトニング」を扱った対応は？', [{ tool: 'search_products', args: { query: 'ホワイトニング' } }]],
    ['スタッフ一覧', [{ tool: 'list_staff', args: {} }]],
    ['「個人情報」に関する文書は？', [{ tool: 'search_documents', args: { query: '個人情報' } }]],
  ] as const)('%s', (question, plan) => {
    expect(matchIntent(question, 'all')).toEqual(plan);
  });

  it.each([
    ['今月誕生日の患者さんは？', 'this_month'],
    ['今日が誕生日の方は？', 'today'],
    ['本日お誕生日のお客様', 'today'],
    ['今週誕生日の顧客', 'this_week'],
    ['来月のバースデー', 'next_month'],
    ['誕生日の患者さん', 'this_month'],
  ] as const)('%s lists the birthdays of %s', (question, period) => {
    expect(matchIntent(question, 'all')).toEqual([{ tool: 'customer_birthdays', args: { period } }]);
    expect(matchIntent(question, 'customers')).toEqual([{ tool: 'customer_birthdays', args: { period } }]);
    expect(matchIntent(question, 'products')).toBeNull();
  });

  it.each([
    ['山田さんの誕生日は？', '山田'],
    ['山田 真由美さんの生年月日は？', '山田 真由美'],
    ['山田さんは何歳？', '山田'],
    ['佐藤様の診察券番号', '佐藤'],
    ['山田さんはおいくつ？', '山田'],
  ])('%s looks up the card of %s', (question, query) => {
    expect(matchIntent(question, 'all')).toEqual([{ tool: 'search_customers', args: { query } }]);
  });

  it('counts a person’s interactions (いくつ) rather than showing the card', () => {
    expect(matchIntent('山田さんの今月の対応はいくつ？', 'all')?.[0]?.tool).not.toBe('search_customers');
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

  // The phrase that names someone goes to resolvePerson whole (honorific and company included).
  it.each([
    ['佐藤さんの最近の対応は？', '佐藤さん'],
    ['さとうさんの最近の対応は？', 'さとうさん'],
    ['ｻﾄｳさんの対応履歴', 'サトウさん'],
    ['佐藤 彩さんの最近の対応は？', '佐藤 彩さん'],
    ['佐藤彩様の対応は？', '佐藤彩様'],
    ['昨日来院した佐藤さまの対応は？', '佐藤さま'],
    ['佐藤先生の対応は？', '佐藤先生'],
    ['あやちゃんの最近の対応', 'あやちゃん'],
    ['佐藤工務店の木村さんの対応は？', '佐藤工務店の木村さん'],
    ['佐藤工務店の対応は？', '佐藤工務店'],
    ['有限会社佐藤工務店の最近の対応を教えて', '有限会社佐藤工務店'],
  ] as const)('%s → customer_interactions(%s)', (question, query) => {
    expect(matchIntent(question, 'all')).toEqual([{ tool: 'customer_interactions', args: { query } }]);
  });

  it('asks the staff list about a staff member, never the customers', () => {
    expect(matchIntent('スタッフの佐藤さんの対応は？', 'all')).toEqual([
      { tool: 'list_staff', args: { query: '佐藤' } },
    ]);
  });

  it('takes no period, type or pronoun for a name', () => {
    expect(matchIntent('今月の対応は？', 'all')).toEqual([
      { tool: 'count_interactions', args: { period: 'this_month' } },
    ]);
    expect(matchIntent('電話の対応は？', 'all')).toBeNull();
    expect(matchIntent('皆さんの対応は？', 'all')).toBeNull();
  });

  it('reads a reply to 「どちらの方ですか？」 as the person asked about', () => {
    const asked = [
      { role: 'user', content: '佐藤さんの最近の対応は？' },
      {
        role: 'assistant',
        content: '佐藤さんは 2 人登録されています。どちらの方ですか？\n\n- 佐藤 彩\n- 佐藤 健一',
      },
    ] as const;
    const reply = (
      message: string,
      history: readonly { role: 'user' | 'assistant'; content: string }[] = asked,
    ) => matchIntent(message, 'all', null, history);
    expect(reply('彩さんです')).toEqual([{ tool: 'customer_interactions', args: { query: '佐藤 彩さん' } }]);
    expect(reply('健一の方')).toEqual([{ tool: 'customer_interactions', args: { query: '佐藤 健一' } }]);
    expect(reply('佐藤 健一さん')).toEqual([
      { tool: 'customer_interactions', args: { query: '佐藤 健一さん' } },
    ]);
    // After 「会社名に…を含む顧客」 the reply names the person on its own.
    const companyOnly = [
      asked[0],
      {
        role: 'assistant',
        content:
          '「佐藤」という名前の方は登録されていません。会社名に「佐藤」を含む顧客が 2 人います。どちらの方ですか？',
      },
    ] as const;
    expect(reply('木村さん', companyOnly)).toEqual([
      { tool: 'customer_interactions', args: { query: '木村さん' } },
    ]);
    // Without the question before, a name alone is no question.
    expect(reply('彩さんです', [])).toBeNull();
    expect(reply('明日の天気は？')).toBeNull();
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
