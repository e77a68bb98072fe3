/**
 * Who a question means: the assistant's one way from 「佐藤さん」「佐藤工務店の木村さん」「ｻﾄｳ」 to
 * people of the tenant. The offline intents and the model's tools both come here, so a question
 * is resolved the same with or without a model.
 *
 * - Names are compared folded like the search index (NFKC, lower case, katakana → hiragana, no
 *   spaces): さとう, サトウ and ｻﾄｳ are one reading; 佐藤彩 and 佐藤 彩 one full name. Honorifics
 *   and role words (スタッフの, 患者の) are not part of the name.
 * - A person's own name beats a company name that contains it: full name (or its reading), then
 *   surname, then given name. A company counts only when nobody's name matches, or when the
 *   question names it (「佐藤工務店の木村さん」 is 木村 among that company's people).
 * - The kind of person the question asks about (customers for 対応; staff for 先生 or スタッフの)
 *   is ranked first; the other kind is only mentioned.
 * - One person in the best tier is sure. Several are ambiguous, and so is a name found only in a
 *   company name: the answer then asks which one instead of picking.
 */
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { searchFold } from '../../platform/search/fold';
import { findPeopleByName, type PersonKind, type PersonRecord } from './assistant.people.repository';

export type { PersonKind, PersonRecord };
export type MatchReason = 'full_name' | 'last_name' | 'first_name' | 'reading' | 'company';
export type PersonMatch = PersonRecord & { reason: MatchReason };

export interface PersonQuery {
  /** The name as asked (NFKC, without honorific or company), for the answer's wording. */
  asked: string;
  honorific: string | null;
  /** Who the words point at: 先生・スタッフの → staff, 患者の・顧客の → customer. */
  role: PersonKind | null;
  /** A company named before の (「佐藤工務店の木村」), as asked. */
  company: string | null;
  /** The name folded; `parts` when it was asked as surname and given name apart (佐藤 彩). */
  name: string;
  parts: [string, string] | null;
  /** The phrase without the の split, for a name that holds の (佐藤のぞみ). */
  whole: { asked: string; name: string } | null;
}

export type PersonVerdict =
  | { kind: 'one'; match: PersonMatch; others: PersonMatch[] }
  | {
      kind: 'ambiguous';
      /** Several equally good; a name only in company names; not at the company asked; no such full name. */
      why: 'same_name' | 'company_only' | 'not_at_company' | 'surname_only';
      matches: PersonMatch[];
    }
  | { kind: 'company'; company: string; matches: PersonMatch[] }
  | { kind: 'none' };

export interface PersonResolution {
  query: PersonQuery;
  verdict: PersonVerdict;
  /** The lookup stopped at its limit: there may be more people than `matches`. */
  more: boolean;
}

const HONORIFIC_AT_END = /(?:さん|さま|様|先生|くん|君|ちゃん|氏|殿)$/u;
const STAFF_WORDS = /^(?:スタッフ|職員|従業員|医師|ドクター|看護師|事務)$/u;
const CUSTOMER_WORDS = /^(?:顧客|患者|お客様|お客さん|利用者|会員)$/u;
// Words that stand where a name would (今月の…, 皆さん, 患者様) but are none.
const GENERIC =
  /^(?:今日|本日|昨日|今週|先週|今月|先月|今年|本年|去年|最近|最新|直近|過去|全部|すべて|全て|これまで|電話|メール|来院|訪問|来店|面談|顧客|患者|客|お客|スタッフ|職員|従業員|商品|当院|弊社|うち|私|自分|方|お方|この方|その方|あの方|こちら|皆|みな|みんな|奥|家族|ご家族|担当|担当者|先方|相手|院長|医師|看護師|利用者|会員)$/u;
const LEGAL_FORMS =
  /株式会社|有限会社|合同会社|合資会社|合名会社|(?:一般|公益)(?:社団|財団)法人|医療法人(?:社団|財団)?|社会福祉法人|\((?:株|有|同)\)/gu;

export function isGenericWord(word: string): boolean {
  return GENERIC.test(word.trim());
}

/** Parses what names a person (「佐藤工務店の木村さん」「スタッフの佐藤」「佐藤 彩様」「ｻﾄｳ」), or null. */
export function parsePersonQuery(phrase: string): PersonQuery | null {
  let text = phrase
    .normalize('NFKC')
    .trim()
    .replace(/^[「『"“]+|[」』"”]+$/gu, '')
    .trim();
  const honorific = HONORIFIC_AT_END.exec(text)?.[0] ?? null;
  if (honorific) text = text.slice(0, -honorific.length).trim();
  let role: PersonKind | null = honorific === '先生' ? 'staff' : null;
  let company: string | null = null;
  const split = /^(.+)の(.+)$/u.exec(text);
  let whole: PersonQuery['whole'] = null;
  if (split) {
    const [, before = '', after = ''] = split;
    if (STAFF_WORDS.test(before)) role = 'staff';
    else if (CUSTOMER_WORDS.test(before)) role = 'customer';
    else if (!GENERIC.test(before)) {
      company = before.trim();
      whole = { asked: text, name: searchFold(text) };
    }
    text = after.trim();
  }
  const words = text.split(/\s+/u).filter(Boolean);
  while (words.length > 1 && GENERIC.test(words[0] as string)) words.shift();
  if (words.length === 0 || (words.length === 1 && GENERIC.test(words[0] as string))) return null;
  const [surname, given] = words;
  return {
    asked: words.join(' '),
    honorific,
    role,
    company,
    name: searchFold(words.join('')),
    parts: words.length === 2 ? [searchFold(surname as string), searchFold(given as string)] : null,
    whole,
  };
}

type Ranked = PersonMatch & { tier: number };

/** How a person's name matches the query: full name 0, surname 1, given name 2 (kanji or reading). */
function nameMatch(query: Pick<PersonQuery, 'name' | 'parts'>, person: PersonRecord): Ranked | null {
  const fold = searchFold;
  if (query.parts) {
    const [last, first] = query.parts;
    const lastKanji = last === fold(person.last_name);
    const firstKanji = first === fold(person.first_name);
    const lastAny = lastKanji || last === fold(person.last_name_kana);
    const firstAny = firstKanji || first === fold(person.first_name_kana);
    if (!lastAny || !firstAny) return null;
    return { ...person, reason: lastKanji && firstKanji ? 'full_name' : 'reading', tier: 0 };
  }
  const fields: [string, MatchReason, number][] = [
    [person.last_name + person.first_name, 'full_name', 0],
    [person.last_name_kana + person.first_name_kana, 'reading', 0],
    [person.last_name, 'last_name', 1],
    [person.last_name_kana, 'reading', 1],
    [person.first_name, 'first_name', 2],
    [person.first_name_kana, 'reading', 2],
  ];
  const hit = fields.find(([field]) => fold(field) === query.name);
  return hit ? { ...person, reason: hit[1], tier: hit[2] } : null;
}

/** Whether a customer's company is the term (with or without 株式会社 …) or only contains it. */
function companyMatch(person: PersonRecord, term: string): 'exact' | 'contains' | null {
  const names = [person.company_name, person.company_name_kana]
    .filter((name): name is string => Boolean(name))
    .map(searchFold);
  if (names.length === 0 || term === '') return null;
  if (names.some((name) => name === term || name.replace(LEGAL_FORMS, '') === term)) return 'exact';
  return names.some((name) => name.includes(term)) ? 'contains' : null;
}

function byTier(people: Ranked[]): Ranked[] {
  return people
    .map((person, index) => ({ person, index }))
    .sort((a, b) => a.person.tier - b.person.tier || a.index - b.index)
    .map(({ person }) => person);
}

function plain({ tier: _tier, ...person }: Ranked): PersonMatch {
  return person;
}

function best(people: Ranked[], rest: Ranked[] = []): PersonVerdict {
  const sorted = byTier(people);
  const top = sorted.filter((person) => person.tier === sorted[0]?.tier);
  if (top.length === 1) {
    const match = top[0] as Ranked;
    const others = byTier([...sorted.slice(1), ...rest]).map(plain);
    return { kind: 'one', match: plain(match), others };
  }
  return { kind: 'ambiguous', why: 'same_name', matches: top.map(plain) };
}

/** The verdict over the people a lookup found (pure: the rules above, nothing read). */
export function rankPeople(query: PersonQuery, people: PersonRecord[], want: PersonKind): PersonVerdict {
  const named = people.flatMap((person) => nameMatch(query, person) ?? []);
  if (query.company) {
    const company = searchFold(query.company);
    const atCompany = named.filter((person) => companyMatch(person, company));
    if (atCompany.length > 0) return best(atCompany);
    if (named.length > 0)
      return { kind: 'ambiguous', why: 'not_at_company', matches: byTier(named).map(plain) };
    return { kind: 'none' };
  }
  // The kind the question asks about first; the other kind only when it has nobody.
  const prefer = query.role ?? want;
  const preferred = (found: Ranked[]) => {
    const own = found.filter((person) => person.kind === prefer);
    return own.length > 0 ? own : found;
  };
  if (named.length > 0) {
    const pool = preferred(named);
    return best(
      pool,
      named.filter((person) => !pool.includes(person)),
    );
  }
  if (query.parts) {
    // 佐藤 綾 is nobody: those with the surname are who the user may have meant.
    const surname = { name: query.parts[0], parts: null };
    const sameSurname = preferred(
      people.flatMap((person) => nameMatch(surname, person) ?? []).filter((person) => person.tier === 1),
    );
    if (sameSurname.length > 0)
      return { kind: 'ambiguous', why: 'surname_only', matches: sameSurname.map(plain) };
  }
  const atCompanies = people.flatMap((person) => {
    const found = person.kind === 'customer' ? companyMatch(person, query.name) : null;
    return found ? [{ person: { ...person, reason: 'company' as const }, exact: found === 'exact' }] : [];
  });
  const exact = atCompanies.filter((entry) => entry.exact).map((entry) => entry.person);
  const companies = new Set(exact.map((person) => person.company_name));
  if (exact.length > 0 && companies.size === 1) {
    return { kind: 'company', company: exact[0]?.company_name ?? query.asked, matches: exact };
  }
  if (atCompanies.length > 0) {
    return { kind: 'ambiguous', why: 'company_only', matches: atCompanies.map((entry) => entry.person) };
  }
  return { kind: 'none' };
}

/**
 * The person (or people) `phrase` names in this tenant. `want` is the kind the question is about;
 * staff are looked at only when `staff`, last interactions read only when `interactions` (what the
 * user may read). Null: the phrase names nobody.
 */
export async function resolvePerson(
  tx: TenantTransaction,
  phrase: string,
  options: { want: PersonKind; staff: boolean; interactions: boolean },
): Promise<PersonResolution | null> {
  const query = parsePersonQuery(phrase);
  if (!query) return null;
  const found = await findPeopleByName(tx, {
    term: query.parts ? query.parts[0] : query.name,
    company: query.company ? searchFold(query.company) : null,
    staff: options.staff,
    interactions: options.interactions,
  });
  const verdict = rankPeople(query, found.people, options.want);
  if (verdict.kind === 'none' && query.whole) {
    // 「佐藤のぞみ」: の was part of the name, not a company before it.
    const asWhole: PersonQuery = { ...query, ...query.whole, company: null, parts: null, whole: null };
    const again = await findPeopleByName(tx, { ...options, term: asWhole.name, company: null });
    return { query: asWhole, verdict: rankPeople(asWhole, again.people, options.want), more: again.more };
  }
  return { query, verdict, more: found.more };
}
