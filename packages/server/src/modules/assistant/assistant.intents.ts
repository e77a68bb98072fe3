import { clarifiedPhrase, personPhraseIn, subjectPhraseIn } from './assistant.names';
import { parsePersonQuery } from './assistant.people';
import type { AssistantScope, BirthdayPeriod } from './assistant.tools';
import {
  INTERACTION_TYPES,
  type InteractionType,
  PERIOD_LABELS,
  PERIODS,
  type Period,
} from './assistant.tools';

/** One tool call: which query and its arguments (the same shape the model's tool calls take). */
export type ToolPlan =
  | { tool: 'count_interactions'; args: { period: Period; type?: InteractionType } }
  | { tool: 'search_customers'; args: { query: string } }
  | { tool: 'recent_interactions'; args: { customer_id?: string; limit?: number } }
  | { tool: 'customer_interactions'; args: { query: string } }
  | { tool: 'count_customers'; args: { period: Period } }
  | { tool: 'customer_birthdays'; args: { period: BirthdayPeriod } }
  | { tool: 'search_products'; args: { query: string } }
  | { tool: 'list_staff'; args: { query?: string } }
  | { tool: 'search_documents'; args: { query: string } };

export type ToolName = ToolPlan['tool'];

/** Which tools each scope may use. */
export const SCOPE_TOOLS: Record<AssistantScope, readonly ToolName[]> = {
  all: [
    'count_interactions',
    'search_customers',
    'recent_interactions',
    'customer_interactions',
    'count_customers',
    'customer_birthdays',
    'search_products',
    'list_staff',
    'search_documents',
  ],
  customers: [
    'count_interactions',
    'search_customers',
    'recent_interactions',
    'customer_interactions',
    'count_customers',
    'customer_birthdays',
  ],
  products: ['search_products'],
  documents: ['search_documents'],
  staff: ['list_staff'],
};

const PERIOD_WORDS: [RegExp, Period][] = [
  [/今日|本日/, 'today'],
  [/昨日/, 'yesterday'],
  [/今週/, 'this_week'],
  [/先週/, 'last_week'],
  [/先月/, 'last_month'],
  [/今月/, 'this_month'],
  [/今年|本年/, 'this_year'],
  [/全部|すべて|全て|全期間|これまで|累計/, 'all'],
];

const TYPE_WORDS: [RegExp, InteractionType][] = [
  [/電話/, 'call'],
  [/メール/, 'email'],
  [/来院|訪問|来店/, 'visit'],
  [/面談|打ち合わせ|打合せ|会議|ミーティング/, 'meeting'],
];

function periodIn(text: string): Period | undefined {
  return PERIOD_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

function typeIn(text: string): InteractionType | undefined {
  return TYPE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

/** A quoted term 「…」 or "…", if any. */
function quoted(text: string): string | undefined {
  return /[「『"“]([^」』"”]{1,100})[」』"”]/.exec(text)?.[1]?.trim() || undefined;
}

/** The name before さん・様 (山田さんの…) without the honorific, for the searches by name. */
function personName(text: string): string | undefined {
  const phrase = personPhraseIn(text);
  return (phrase && parsePersonQuery(phrase)?.asked) || undefined;
}

/**
 * The questions the assistant answers from data without a model. Returns the queries to run, or
 * null when the question is none of them (then the answer says what it can do).
 * `customerId` is the customer a chat is about: questions about "the" customer use it. `history`
 * is the conversation so far: a reply to 「どちらの方ですか？」 names the person asked about.
 */
export function matchIntent(
  question: string,
  scope: AssistantScope,
  customerId: string | null = null,
  history: readonly { role: 'user' | 'assistant'; content: string }[] = [],
): ToolPlan[] | null {
  const text = question.normalize('NFKC').trim();
  const allowed = new Set(SCOPE_TOOLS[scope]);
  const plan = (candidate: ToolPlan[]): ToolPlan[] | null =>
    candidate.every((step) => allowed.has(step.tool)) ? candidate : null;
  const period = periodIn(text);
  const aboutInteractions = /対応|問い合わせ|問合せ|履歴|やりとり|やり取り|来院|電話|メール|面談/.test(text);
  const counting = /何件|件数|いくつ|何回|回数|数は|数を|多い|合計|集計|何人|何名|人数/.test(text);

  // Documents: 「…」の文書, …に関する資料
  if (/文書|資料|書類|ファイル|マニュアル|規程|規定/.test(text)) {
    const term =
      quoted(text) ??
      /(.+?)(?:に関する|についての|について|の|が書かれた|を含む)(?:文書|資料|書類|ファイル)/
        .exec(text)?.[1]
        ?.trim();
    if (term) {
      const found = plan([
        { tool: 'search_documents', args: { query: term.replace(/^(?:社内の|院内の)/, '') } },
      ]);
      if (found) return found;
    }
  }

  // Staff: スタッフ一覧, スタッフの佐藤さん (that one: a staff name is never taken as a customer's)
  if (/スタッフ|職員|従業員/.test(text) && !/さんの連絡先|さんの電話/.test(text)) {
    const staffName = personName(text);
    const found = plan([{ tool: 'list_staff', args: staffName ? { query: staffName } : {} }]);
    if (found) return found;
  }
  // A person's card: 山田さんの誕生日は？ 山田さんは何歳？ 山田さんの診察券番号
  const cardOf = personName(text);
  if (cardOf && /誕生日|生年月日|年齢|何歳|おいくつ|歳は|診察券/.test(text)) {
    const found = plan([{ tool: 'search_customers', args: { query: cardOf } }]);
    if (found) return found;
  }
  // Birthdays in a period: 今月誕生日の患者さんは？ 今日が誕生日の方 来月の誕生日
  if (/誕生日|バースデー/.test(text)) {
    const when: BirthdayPeriod = /今日|本日/.test(text)
      ? 'today'
      : /今週/.test(text)
        ? 'this_week'
        : /来月/.test(text)
          ? 'next_month'
          : 'this_month';
    const found = plan([{ tool: 'customer_birthdays', args: { period: when } }]);
    if (found) return found;
  }
  if (/連絡先|電話番号|メールアドレス|内線/.test(text)) {
    const name = personName(text) ?? quoted(text);
    if (name) {
      if (
        allowed.has('list_staff') &&
        (scope === 'staff' || /スタッフ|先生|職員/.test(text) || !allowed.has('search_customers'))
      ) {
        return [{ tool: 'list_staff', args: { query: name } }];
      }
      const found = plan([{ tool: 'search_customers', args: { query: name } }]);
      if (found) return found;
      return plan([{ tool: 'list_staff', args: { query: name } }]);
    }
  }

  // Products: ◯◯を扱った対応, ◯◯（商品）の件数
  if (/商品|サービス|メニュー|を扱った|を使った|の施術|を購入/.test(text)) {
    const term =
      quoted(text) ??
      /(.+?)(?:を扱った|を使った|を購入した|に関する|の)(?:対応|商品|件数|顧客)/
        .exec(text)?.[1]
        ?.replace(/^商品/, '')
        .trim();
    if (term && !/^(?:今月|先月|今週|今日)$/.test(term)) {
      const found = plan([{ tool: 'search_products', args: { query: term } }]);
      if (found) return found;
    }
  }

  // New customers: 新規顧客（今月）
  if (/新規|新しい顧客|新しく登録|新患/.test(text)) {
    const found = plan([
      { tool: 'count_customers', args: { period: period && period !== 'all' ? period : 'this_month' } },
    ]);
    if (found) return found;
  }

  // Interactions of a person or a company: 山田さんの最近の対応は？ 佐藤工務店の対応は？ The whole
  // phrase goes to resolvePerson (honorific and company included: 先生 and 「…の」 rank people).
  const name = personName(text);
  const who = personPhraseIn(text) ?? subjectPhraseIn(text);
  if (who && aboutInteractions && !counting) {
    return plan([{ tool: 'customer_interactions', args: { query: who } }]);
  }
  if (!who && customerId && aboutInteractions && !counting && !period) {
    return plan([{ tool: 'recent_interactions', args: { customer_id: customerId, limit: 10 } }]);
  }

  // Counting interactions: 今月の対応件数は？
  if (aboutInteractions && (counting || period)) {
    const type = typeIn(text);
    return plan([
      { tool: 'count_interactions', args: { period: period ?? 'this_month', ...(type ? { type } : {}) } },
    ]);
  }
  if (/最近|最新|直近/.test(text) && aboutInteractions) {
    return plan([{ tool: 'recent_interactions', args: { limit: 10 } }]);
  }

  // Customers: 顧客は何人？
  if (/顧客|患者|お客/.test(text) && counting) {
    return plan([{ tool: 'count_customers', args: { period: period ?? 'all' } }]);
  }
  if (/顧客|患者|お客/.test(text) && (quoted(text) || name)) {
    return plan([{ tool: 'search_customers', args: { query: (quoted(text) ?? name) as string } }]);
  }
  const reply = clarifiedPhrase(text, history);
  if (reply) return plan([{ tool: 'customer_interactions', args: { query: reply } }]);
  return null;
}

/** Example questions the offline assistant answers, by scope (shown when it cannot answer). */
export function exampleQuestions(scope: AssistantScope): string[] {
  const examples: Record<ToolName, string> = {
    count_interactions: '「今月の対応件数は？」「先週の電話の件数は？」',
    customer_interactions: '「山田さんの最近の対応は？」',
    recent_interactions: '「最近の対応は？」',
    search_customers: '「『山田』という顧客は？」',
    count_customers: '「顧客は何人？」「今月の新規顧客は？」',
    customer_birthdays: '「今月誕生日の患者さんは？」「山田さんは何歳？」',
    search_products: '「『ホワイトニング』を扱った対応は？」',
    list_staff: '「スタッフ一覧」「佐藤さんの連絡先は？」',
    search_documents: '「『個人情報』に関する文書は？」',
  };
  return [...new Set(SCOPE_TOOLS[scope].map((tool) => examples[tool]))];
}

export { INTERACTION_TYPES, PERIOD_LABELS, PERIODS };
