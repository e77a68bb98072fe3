/**
 * The customer_interactions query (「佐藤さんの最近の対応は？」) for the offline answer and the model
 * alike: resolvePerson decides who is meant; only a sure customer's interactions are shown. When
 * several people fit, the answer asks which one and offers them as links, with what tells them
 * apart, and shows nobody's interactions.
 */
import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import type { Permission } from '../../platform/access/permissions';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { rowName } from '../../platform/text/person-name';
import { type MatchReason, type PersonMatch, type PersonVerdict, resolvePerson } from './assistant.people';
import { type AiSource, md, recentInteractions, type ToolResult } from './assistant.tools';

/** Candidates listed in a question back; the rest are a link to the customers' search. */
const CANDIDATES_SHOWN = 5;

const REASON_LABELS: Record<MatchReason, string> = {
  full_name: 'フルネーム',
  last_name: '姓',
  first_name: '名',
  reading: 'フリガナ',
  company: '会社名',
};

const fullName: (person: PersonMatch) => string = rowName;

function personUrl(person: PersonMatch): string {
  return person.kind === 'customer'
    ? `/customers/${person.id}`
    : `/staff?q=${encodeURIComponent(person.last_name)}`;
}

/** What tells namesakes apart (customers have no number of their own): reading, company, town, last visit. */
function distinguishing(person: PersonMatch): string {
  const last = person.last_interaction;
  return [
    `${person.last_name_kana} ${person.first_name_kana}`,
    person.kind === 'staff' ? `スタッフ${person.role_label ? `・${person.role_label}` : ''}` : null,
    person.company_name,
    person.city,
    person.kind === 'customer'
      ? last
        ? `最終対応 ${last.date} ${INTERACTION_TYPE_LABELS[last.type]}`
        : '対応記録なし'
      : null,
  ]
    .filter(Boolean)
    .join('、');
}

function candidateLine(person: PersonMatch): string {
  return `- [${md(fullName(person))}](${personUrl(person)})（${md(distinguishing(person))}）`;
}

function candidateSource(person: PersonMatch): AiSource {
  return {
    type: person.kind,
    id: person.id,
    title: fullName(person),
    excerpt: distinguishing(person),
    url: personUrl(person),
  };
}

/** A candidate for the model: enough to say who it is, and why it matched. */
function candidateData(person: PersonMatch) {
  return {
    kind: person.kind,
    ...(person.kind === 'customer' ? { customer_id: person.id } : {}),
    name: fullName(person),
    kana: `${person.last_name_kana} ${person.first_name_kana}`,
    company: person.company_name,
    city: person.city,
    role: person.role_label,
    last_interaction: person.last_interaction,
    matched_by: person.reason,
  };
}

function others(people: PersonMatch[]): string {
  const customers = people.filter((person) => person.kind === 'customer').slice(0, CANDIDATES_SHOWN);
  const staff = people.filter((person) => person.kind === 'staff').slice(0, CANDIDATES_SHOWN);
  return [
    customers.length > 0
      ? `\n\n名前の一部が一致するほかの顧客:\n${customers.map(candidateLine).join('\n')}`
      : '',
    staff.length > 0
      ? `\n\nスタッフにも ${staff.map((person) => `[${md(fullName(person))}](${personUrl(person)})`).join('、')} さんがいます（顧客ではありません）。`
      : '',
  ].join('');
}

async function oneCustomer(
  tx: TenantTransaction,
  who: string,
  verdict: Extract<PersonVerdict, { kind: 'one' }>,
) {
  const { match } = verdict;
  const recent = await recentInteractions(tx, { customer_id: match.id, limit: 5 });
  // A given name or a reading is a weaker hint than a surname: say how the person was found.
  const how =
    match.reason === 'first_name' || match.reason === 'reading'
      ? `「${md(who)}」は ${md(fullName(match))} さん（${REASON_LABELS[match.reason]}が一致）としてお調べしました。\n\n`
      : '';
  return {
    markdown: `${how}[${md(fullName(match))}](${personUrl(match)}) さんの${recent.markdown}${others(verdict.others)}`,
    data: {
      status: 'found',
      customer: candidateData(match),
      interactions: recent.data,
      other_candidates: verdict.others.map(candidateData),
    },
    sources: [candidateSource(match), ...recent.sources, ...verdict.others.map(candidateSource)],
  };
}

function oneStaff(who: string, verdict: Extract<PersonVerdict, { kind: 'one' }>): ToolResult {
  const { match } = verdict;
  const customers = verdict.others.filter((person) => person.kind === 'customer').slice(0, CANDIDATES_SHOWN);
  const example = customers[0] ? `（例:「${md(fullName(customers[0]))}さんの最近の対応は？」）` : '';
  const lines = [
    `${md(who)}に当てはまるのはスタッフの [${md(fullName(match))}](${personUrl(match)}) さん（${md(distinguishing(match))}）です。対応履歴は顧客ごとの記録のため、スタッフについてはお答えできません。`,
    ...(customers.length > 0
      ? [
          '',
          '顧客の方でしたら、次の方が登録されています:',
          ...customers.map(candidateLine),
          '',
          `フルネームでお尋ねください${example}。`,
        ]
      : []),
  ];
  return {
    markdown: lines.join('\n'),
    data: {
      status: 'staff_not_customer',
      staff: candidateData(match),
      customers: customers.map(candidateData),
    },
    sources: [candidateSource(match), ...customers.map(candidateSource)],
  };
}

async function company(
  tx: TenantTransaction,
  verdict: Extract<PersonVerdict, { kind: 'company' }>,
  more: boolean,
) {
  const people = verdict.matches;
  const recent = await recentInteractions(tx, { customer_ids: people.map((person) => person.id), limit: 10 });
  const names = people
    .slice(0, CANDIDATES_SHOWN)
    .map((person) => `[${md(fullName(person))}](${personUrl(person)})`)
    .join('、');
  const count = `${people.length} 名${more ? '以上' : ''}`;
  return {
    markdown: `${md(verdict.company)} の顧客（${count}: ${names}${people.length > CANDIDATES_SHOWN ? ' ほか' : ''}）の${recent.markdown}`,
    data: {
      status: 'company',
      company: verdict.company,
      customers: people.map(candidateData),
      interactions: recent.data,
    },
    sources: [...people.slice(0, CANDIDATES_SHOWN).map(candidateSource), ...recent.sources],
  };
}

function askWhich(
  who: string,
  asked: string,
  verdict: Extract<PersonVerdict, { kind: 'ambiguous' }>,
  more: boolean,
  companyAsked: string | null,
): ToolResult {
  const shown = verdict.matches.slice(0, CANDIDATES_SHOWN);
  const count = `${verdict.matches.length} 人${more ? '以上' : ''}`;
  const which = shown.length === 1 ? 'この方ですか？' : 'どちらの方ですか？';
  const heading = {
    // Kept as is: clarifiedPhrase (assistant.names.ts) reads a reply to it as a given name.
    same_name: `${md(who)}は ${count}登録されています。${which}`,
    surname_only: `${md(who)}は登録されていません。姓が「${md(asked.split(' ')[0] ?? asked)}」の方は ${count}います。${which}`,
    company_only: `「${md(asked)}」という名前の方は登録されていません。会社名に「${md(asked)}」を含む顧客が ${count}います。${which}`,
    not_at_company: `${md(companyAsked ?? '')}の${md(who)}は見つかりませんでした。${md(who)}として登録されているのは次の方です。${which}`,
  }[verdict.why];
  const first = shown[0] as PersonMatch;
  const rest = verdict.matches.length - shown.length;
  const lines = [
    heading,
    '',
    ...shown.map(candidateLine),
    ...(rest > 0 || more
      ? ['', `ほかの方は[顧客一覧](/customers?q=${encodeURIComponent(asked)})でご確認ください。`]
      : []),
    '',
    `お名前をフルネームで（例:「${md(fullName(first))}さんの最近の対応は？」）お尋ねいただくか、リンクから顧客の画面を開いてください。`,
  ];
  return {
    markdown: lines.join('\n'),
    data: {
      status: 'ambiguous',
      reason: verdict.why,
      asked: who,
      question: heading,
      candidates: shown.map(candidateData),
      instruction:
        'どの方か決められないため、対応履歴は返していません。一人を選ばず、候補を示してどの方かユーザーに尋ねてください。',
    },
    sources: shown.map(candidateSource),
  };
}

/**
 * The latest interactions of the customer `query` names (a name, a reading, or a company), or the
 * question back when it names several. Staff are looked at only with staff.read.
 */
export async function customerInteractions(
  tx: TenantTransaction,
  args: { query: string },
  can: (permission: Permission) => boolean,
): Promise<ToolResult> {
  const resolution = await resolvePerson(tx, args.query, {
    want: 'customer',
    staff: can('staff.read'),
    interactions: true,
  });
  if (!resolution || resolution.verdict.kind === 'none') {
    const asked = resolution?.query.asked ?? args.query.trim();
    // Without an honorific the words may have meant a company (「…の対応」).
    const what = resolution?.query.honorific ? '顧客' : '顧客・会社';
    return {
      markdown: `「${md(asked)}」に当てはまる${what}は見つかりませんでした。お名前（姓・名・フリガナ）や会社名をお確かめください。`,
      data: { status: 'not_found', asked },
      sources: [{ type: 'customer', id: null, title: '顧客一覧', excerpt: null, url: '/customers' }],
    };
  }
  const { query, verdict, more } = resolution;
  const who = `${query.asked}${query.honorific ?? 'さん'}`;
  switch (verdict.kind) {
    case 'one':
      return verdict.match.kind === 'customer' ? oneCustomer(tx, who, verdict) : oneStaff(who, verdict);
    case 'company':
      return company(tx, verdict, more);
    case 'ambiguous':
      return askWhich(who, query.asked, verdict, more, query.company);
  }
}
