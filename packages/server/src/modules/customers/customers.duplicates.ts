import type { components } from '@tsumiki/api-client/schema';
import { type QueryResult, type RawBuilder, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { customerInUse } from './customers.in-use';

/**
 * Likely duplicates (名寄せ): the one rule set. Two customers may be one person when
 *   * their readings are the same once folded (tsumiki_reading_fold: katakana/hiragana, full/half
 *     width, spaces, small kana, the long vowel mark) and so are their birth dates;
 *   * their phone numbers have the same digits (6 or more);
 *   * their e-mail addresses are the same in lower case;
 *   * their folded readings are one edit apart and their birth dates or phone numbers are the same.
 * The registration form's check (a draft against the customers), the 重複の候補 screen (pairs of
 * customers) and the check of a CSV file before its import (customers.duplicates-import.ts) all
 * compare through `reasonsBetween`; each finds its candidates through the indexes
 * of migration 0030 (reading with birth date, phone digits, e-mail), the birth date's (0029) and
 * the birth date's with the reading's first or last two letters (0041).
 */

type Schemas = components['schemas'];
export type DuplicateReason = Schemas['CustomerDuplicateCandidate']['reasons'][number];
export type DuplicateDraft = Schemas['CustomerDuplicateDraft'];
export type DuplicateSummary = Schemas['CustomerDuplicateSummary'];

/** At most this many candidates for a draft (the contract's maxItems). */
const DRAFT_CANDIDATES = 10;
/** Fewer digits than this are not a phone number worth comparing (a draft being typed). */
const PHONE_MIN_DIGITS = 6;
/** Readings shorter than this are too short for "one edit apart" to mean anything. */
const SIMILAR_MIN_LENGTH = 4;

/** The compared keys of one side, as SQL. */
export interface DuplicateKeys {
  reading: RawBuilder<unknown>;
  birthDate: RawBuilder<unknown>;
  phone: RawBuilder<unknown>;
  email: RawBuilder<unknown>;
}

/**
 * The keys of a customers row (`alias`): the generated columns migration 0030 indexes (columns,
 * not expressions, so that the indexes serve under row-level security).
 */
export function keysOf(alias: string): DuplicateKeys {
  const column = (name: string) => sql`${sql.ref(`${alias}.${name}`)}`;
  return {
    reading: column('reading_key'),
    birthDate: column('birth_date'),
    phone: column('phone_key'),
    email: column('email_key'),
  };
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The keys of a draft typed into the registration form. */
function keysOfDraft(draft: DuplicateDraft): DuplicateKeys {
  return {
    reading: sql`tsumiki_reading_fold(${draft.last_name_kana ?? ''} || ${draft.first_name_kana ?? ''})`,
    birthDate: sql`${blankToNull(draft.birth_date)}::date`,
    phone: sql`tsumiki_phone_digits(${blankToNull(draft.phone)})`,
    email: sql`lower(${blankToNull(draft.email)})`,
  };
}

/** The reasons two sides may be one person (empty when none): the rule set itself. */
export function reasonsBetween(a: DuplicateKeys, b: DuplicateKeys): RawBuilder<DuplicateReason[]> {
  return sql<DuplicateReason[]>`array_remove(array[
    case when ${a.reading} <> '' and ${a.reading} = ${b.reading} and ${a.birthDate} = ${b.birthDate}
      then 'reading_and_birth_date' end,
    case when length(${a.phone}) >= ${PHONE_MIN_DIGITS} and ${a.phone} = ${b.phone} then 'phone' end,
    case when ${a.email} = ${b.email} then 'email' end,
    case when length(${a.reading}) >= ${SIMILAR_MIN_LENGTH} and ${a.reading} <> ${b.reading}
          and tsumiki_within_one_edit(${a.reading}, ${b.reading})
          and (${a.birthDate} = ${b.birthDate}
               or (length(${a.phone}) >= ${PHONE_MIN_DIGITS} and ${a.phone} = ${b.phone}))
      then 'similar_reading' end
  ]::text[], null)`;
}

const SUMMARY = (alias: string) =>
  sql.join(
    ['id', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'patient_number', 'phone', 'email']
      .map((name) => sql`${sql.ref(`${alias}.${name}`)} as ${sql.ref(`${alias}_${name}`)}`)
      .concat(
        sql`to_char(${sql.ref(`${alias}.birth_date`)}, 'YYYY-MM-DD') as ${sql.ref(`${alias}_birth_date`)}`,
      ),
  );

type SummaryRow = Record<string, string | null>;

function summaryOf(row: SummaryRow, alias: string): DuplicateSummary {
  const field = (name: string) => row[`${alias}_${name}`] ?? null;
  return {
    id: field('id') as string,
    last_name: field('last_name') as string,
    first_name: field('first_name') as string,
    last_name_kana: field('last_name_kana') as string,
    first_name_kana: field('first_name_kana') as string,
    patient_number: field('patient_number') as string,
    birth_date: field('birth_date'),
    phone: field('phone'),
    email: field('email'),
  };
}

/**
 * Customers in use that may be the person of a draft, with the reasons, most likely first (more
 * reasons), then the most recently registered. Candidates come from index lookups only: the same
 * birth date (the reading rules need it or the phone), the same phone digits, the same e-mail.
 */
export async function findDraftDuplicates(
  tx: TenantTransaction,
  draft: DuplicateDraft,
): Promise<Array<{ customer: DuplicateSummary; reasons: DuplicateReason[] }>> {
  const draftKeys = keysOfDraft(draft);
  const customerKeys = keysOf('c');
  const arms = [];
  if (blankToNull(draft.birth_date)) arms.push(sql`c.birth_date = ${draftKeys.birthDate}`);
  if (blankToNull(draft.phone)) arms.push(sql`${customerKeys.phone} = ${draftKeys.phone}`);
  if (blankToNull(draft.email)) arms.push(sql`${customerKeys.email} = ${draftKeys.email}`);
  if (arms.length === 0) return [];
  const { rows } = await sql<SummaryRow & { reasons: DuplicateReason[] }>`
    select * from (
      select ${SUMMARY('c')}, c.created_at, ${reasonsBetween(draftKeys, customerKeys)} as reasons
      from customers c
      where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')} and (${sql.join(arms, sql` or `)})
    ) found
    where cardinality(found.reasons) > 0
    order by cardinality(found.reasons) desc, found.created_at desc, found.c_id
    limit ${DRAFT_CANDIDATES}`.execute(tx);
  return rows.map((row) => ({ customer: summaryOf(row, 'c'), reasons: row.reasons }));
}

/**
 * Runs `query` with nested loops off: for the set-based duplicate queries, which join whole tables
 * (a tenant's customers, a file's keys). Right after a big import, or when the table has never been
 * analysed (a new installation's first import), the planner takes each side for a row or two and
 * picks nested loops over the whole set: quadratic, seconds for a few thousand customers and
 * minutes for tens of thousands, until autovacuum gets to the table. Hash and merge joins keep them
 * linear whatever the statistics say (the lateral lookups of the import's check still use their
 * indexes). The setting goes with the query in one batch: a read's queries started together share
 * one implicit transaction (platform/db/read-scope.ts), and a setting sent alone would end with its
 * own; in a transaction of withTenant's it is put back for the statements after.
 */
export async function withHashJoins<R>(tx: TenantTransaction, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const [, result] = await Promise.all([sql`set local enable_nestloop = off`.execute(tx), query.execute(tx)]);
  await sql`set local enable_nestloop = on`.execute(tx);
  return result;
}

/**
 * The tenant's pairs of customers in use that may be one person, without the pairs a person
 * dismissed: the earlier registered first; the pairs whose later one is newest come first.
 * Each key joins through its own index (reading with birth date, phone, e-mail). Similar readings
 * with the same birth date join by the birth date and the reading's first two letters, or its
 * last two (migration 0041: readings one edit apart share one of them), never by the birth date
 * alone, which pairs every two customers born on the same day. With the same phone instead, the
 * phone's join finds them.
 */
export async function findDuplicatePairs(
  tx: TenantTransaction,
  page: { skip: number; limit: number },
): Promise<{
  total: number;
  pairs: Array<{ first: DuplicateSummary; second: DuplicateSummary; reasons: DuplicateReason[] }>;
}> {
  const a = keysOf('a');
  const b = keysOf('b');
  const similarEnds = (end: 'head' | 'tail') => sql`b.birth_date = a.birth_date
    and ${sql.ref(`b.reading_${end}`)} = ${sql.ref(`a.reading_${end}`)}`;
  const join = (on: RawBuilder<unknown>) => sql`
    select a.id as a_id, b.id as b_id
    from customers a join customers b on b.tenant_id = a.tenant_id and ${on}
    where a.tenant_id = ${tx.tenantId} and b.tenant_id = ${tx.tenantId}
      and ${customerInUse('a')} and ${customerInUse('b')}
      and (a.created_at, a.id) < (b.created_at, b.id)`;
  const query = sql<SummaryRow & { reasons: DuplicateReason[]; total: string }>`
    with candidates as (
      ${join(sql`${b.reading} = ${a.reading} and b.birth_date = a.birth_date`)}
      union ${join(similarEnds('head'))}
      union ${join(similarEnds('tail'))}
      union ${join(sql`${b.phone} = ${a.phone} and ${a.phone} is not null`)}
      union ${join(sql`${b.email} = ${a.email} and ${a.email} is not null`)}
    ), found as (
      select ${SUMMARY('a')}, ${SUMMARY('b')}, b.created_at as b_created_at,
             ${reasonsBetween(a, b)} as reasons
      from candidates p
      join customers a on a.tenant_id = ${tx.tenantId} and a.id = p.a_id
      join customers b on b.tenant_id = ${tx.tenantId} and b.id = p.b_id
      where not exists (
        select 1 from customer_duplicate_dismissals d
        where d.tenant_id = ${tx.tenantId}
          and d.first_id = least(p.a_id, p.b_id) and d.second_id = greatest(p.a_id, p.b_id)
      )
    )
    select found.*, count(*) over () as total from found
    where cardinality(found.reasons) > 0
    order by found.b_created_at desc, found.b_id desc, found.a_id desc
    offset ${page.skip} limit ${page.limit}`;
  const { rows } = await withHashJoins(tx, query);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.skip > 0) {
    // Past the last page: still say how many there are.
    total = (await findDuplicatePairs(tx, { skip: 0, limit: 1 })).total;
  }
  return {
    total,
    pairs: rows.map((row) => ({
      first: summaryOf(row, 'a'),
      second: summaryOf(row, 'b'),
      reasons: row.reasons,
    })),
  };
}

/** Remembers that two customers are two people; both must exist (404 otherwise). True when found. */
export async function dismissDuplicate(
  tx: TenantTransaction,
  actorId: string | null,
  id: string,
  otherId: string,
): Promise<boolean> {
  if (id === otherId) return false;
  const found = await tx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', 'in', [id, otherId])
    .where('merged_into_id', 'is', null)
    .execute();
  if (found.length < 2) return false;
  const [first, second] = id < otherId ? [id, otherId] : [otherId, id];
  await tx
    .insertInto('customer_duplicate_dismissals')
    .values({ tenant_id: tx.tenantId, first_id: first, second_id: second, dismissed_by: actorId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return true;
}
