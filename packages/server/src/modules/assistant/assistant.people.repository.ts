import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { hasBigram } from '../../platform/search/search-term';
import { customerInUse } from '../customers';
import type { InteractionType } from './assistant.tools';

export type PersonKind = 'customer' | 'staff';

/** A customer or a staff member as the assistant tells them apart. */
export interface PersonRecord {
  kind: PersonKind;
  id: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  company_name: string | null;
  company_name_kana: string | null;
  city: string | null;
  /** Staff: department and position (事務部・事務長). */
  role_label: string | null;
  /** Customers: the latest interaction, on the tenant's calendar (YYYY/MM/DD). */
  last_interaction: { date: string; type: InteractionType } | null;
}

/** People read per lookup: enough to count a common surname's namesakes in a small clinic. */
export const PEOPLE_LIMIT = 30;

/** Whether a name column equals the folded term (any of the ways a person's name is written). */
function nameEquals(alias: 'c' | 's', term: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`${term} in (
    tsumiki_search_fold(${column('last_name')} || ${column('first_name')}),
    tsumiki_search_fold(${column('last_name_kana')} || ${column('first_name_kana')}),
    tsumiki_search_fold(${column('last_name')}), tsumiki_search_fold(${column('last_name_kana')}),
    tsumiki_search_fold(${column('first_name')}), tsumiki_search_fold(${column('first_name_kana')}))`;
}

/**
 * Live customers (and, when asked, staff not retired) whose searchable text contains the folded
 * `term`: name, reading or company, as the customers' search finds them (through its bigram index
 * when the term has two characters). Those whose name is the term come first, then those at
 * `company`, so a limit never drops them behind company-only matches. The ranking itself is
 * assistant.people.ts's; this only reads.
 */
export async function findPeopleByName(
  tx: TenantTransaction,
  lookup: { term: string; company: string | null; staff: boolean; interactions: boolean },
): Promise<{ people: PersonRecord[]; more: boolean }> {
  const { term } = lookup;
  if (term === '') return { people: [], more: false };
  const indexed = hasBigram(term)
    ? sql`c.id in (
        select t.customer_id from customer_search_terms t
        where t.tenant_id = ${tx.tenantId} and t.scope = 'a' and t.term = any(tsumiki_bigrams(${term}))
        group by t.customer_id having count(*) = cardinality(tsumiki_bigrams(${term}))) and`
    : sql``;
  const atCompany = lookup.company
    ? sql`strpos(tsumiki_customer_company_fold(c.company_name, c.company_name_kana), ${lookup.company}) > 0 desc,`
    : sql``;
  const lastInteraction = lookup.interactions
    ? sql`(select json_build_object('date', to_char(i.created_at at time zone z.time_zone, 'YYYY/MM/DD'), 'type', i.type)
        from interactions i, tenants z
        where z.id = ${tx.tenantId} and i.tenant_id = ${tx.tenantId} and i.customer_id = f.id
        order by i.created_at desc limit 1)`
    : sql`null`;
  const customers = await sql<Omit<PersonRecord, 'kind' | 'role_label'>>`
    with f as (
      select c.id, c.last_name, c.first_name, c.last_name_kana, c.first_name_kana, c.company_name,
        c.company_name_kana, c.city
      from customers c
      where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')}
        and ${indexed} strpos(c.search_text, ${term}) > 0
      order by ${atCompany} ${nameEquals('c', term)} desc,
        c.last_name_kana collate "C", c.first_name_kana collate "C", c.id
      limit ${PEOPLE_LIMIT + 1})
    select f.*, ${lastInteraction} as last_interaction from f`.execute(tx);
  const staff = lookup.staff
    ? await sql<
        Pick<
          PersonRecord,
          'id' | 'last_name' | 'first_name' | 'last_name_kana' | 'first_name_kana' | 'role_label'
        >
      >`
        select s.id, s.last_name, s.first_name, s.last_name_kana, s.first_name_kana,
          nullif(concat_ws('・', s.department, s.position), '') as role_label
        from staff s
        where s.tenant_id = ${tx.tenantId} and s.deleted_at is null and s.status <> 'retired'
          and strpos(s.search_text, ${term}) > 0
        order by ${nameEquals('s', term)} desc, s.last_name_kana collate "C", s.first_name_kana collate "C", s.id
        limit ${PEOPLE_LIMIT}`.execute(tx)
    : { rows: [] };
  const people: PersonRecord[] = [
    ...customers.rows
      .slice(0, PEOPLE_LIMIT)
      .map((row) => ({ ...row, kind: 'customer' as const, role_label: null })),
    ...staff.rows.map((row) => ({
      ...row,
      kind: 'staff' as const,
      company_name: null,
      company_name_kana: null,
      city: null,
      last_interaction: null,
    })),
  ];
  return { people, more: customers.rows.length > PEOPLE_LIMIT };
}
