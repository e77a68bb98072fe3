import {
  GIVEN_NAMES,
  MIDORI_MATERIAL,
  SAKURA_MATERIAL,
  SURNAMES,
  type TenantMaterial,
} from '@tsumiki/api-client/demo';
import { hashPassword, PASSWORD_HASH_COST } from '../auth/passwords';
import { insertUser } from '../auth/users.repository';
import { insertCustomers } from '../modules/customers/customers.repository';
import type { NewCustomerRow } from '../modules/customers/customers.tables';
import { insertInteractions } from '../modules/interactions/interactions.repository';
import type { NewInteractionRow } from '../modules/interactions/interactions.tables';
import { subscribeNotificationRules } from '../modules/notifications/notifications.rules';
import { FEATURES } from '../platform/access/features';
import { setFeatureSwitch } from '../platform/access/features.repository';
import { ALL_PERMISSIONS, STAFF_PERMISSIONS } from '../platform/access/permissions';
import { insertMembership, insertTenant } from '../platform/access/tenants.repository';
import type { Db } from '../platform/db/database';
import type { Plan } from '../platform/db/schema';
import { scopeToTenant } from '../platform/db/tenant-scope';
import { DomainEvents } from '../platform/events/domain-events';
import { personName } from '../platform/text/person-name';
import { digits, giveBirthDates, JST_OFFSET, random } from './demo-draws';
import { DEMO_PRODUCT_MATERIAL, seedDemoProducts } from './demo-products';
import { seedDemoStaff } from './demo-staff';

type DemoCustomer = Omit<NewCustomerRow, 'tenant_id'>;
type DemoInteraction = Omit<NewInteractionRow, 'tenant_id'>;

export const DEMO_PASSWORD = 'tsumiki-demo-2026';

/** Customers per demo tenant registered in the current month (the rest from 190 to 900 days ago). */
const DEMO_NEW_THIS_MONTH = 3;

/** How many of each tenant's newest interactions the seed announces as notifications. */
const DEMO_ANNOUNCED_INTERACTIONS = 12;

interface DemoTenant {
  id: string;
  name: string;
  plan: Plan;
  /** IANA zone name of the tenant. */
  timeZone: string;
  customers: number;
  interactions: number;
  /** Interactions created in the current month (Japan time) at the moment of seeding. */
  interactionsThisMonth: number;
  seed: number;
  material: TenantMaterial;
  /**
   * Every feature switched on (stored switches), so that a newcomer sees the whole product;
   * otherwise no switch is stored and the spec's defaults apply.
   */
  everyFeatureOn: boolean;
}

// Fixed ids so that tests, end-to-end scenarios and documentation can name the demo tenants.
export const DEMO_TENANTS = {
  sakura: {
    id: '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a01',
    name: 'さくら内科クリニック',
    plan: 'standard',
    timeZone: 'Asia/Tokyo',
    customers: 36,
    interactions: 120,
    interactionsThisMonth: 8,
    seed: 20_261_101,
    material: SAKURA_MATERIAL,
    everyFeatureOn: true,
  },
  midori: {
    id: '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a02',
    name: 'みどり歯科',
    plan: 'basic',
    timeZone: 'Asia/Tokyo',
    customers: 18,
    interactions: 40,
    interactionsThisMonth: 4,
    seed: 20_261_102,
    material: MIDORI_MATERIAL,
    everyFeatureOn: false,
  },
} as const satisfies Record<string, DemoTenant>;

export const DEMO_USERS = {
  sakuraAdmin: {
    id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f01',
    email: 'admin@sakura-clinic.example',
    full_name: '佐藤 美咲',
    tenant: DEMO_TENANTS.sakura.id,
    role: 'admin',
    permissions: [...ALL_PERMISSIONS],
  },
  sakuraStaff: {
    id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f02',
    email: 'staff@sakura-clinic.example',
    full_name: '田中 健太',
    tenant: DEMO_TENANTS.sakura.id,
    role: 'staff',
    permissions: [...STAFF_PERMISSIONS],
  },
  midoriAdmin: {
    id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f03',
    email: 'admin@midori-dental.example',
    full_name: '高橋 由美子',
    tenant: DEMO_TENANTS.midori.id,
    role: 'admin',
    permissions: [...ALL_PERMISSIONS],
  },
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** The first instant of the current month in Japan time (the dashboard's "this month"). */
export function startOfMonthInJapan(now: Date): Date {
  const japan = new Date(now.getTime() + JST_OFFSET);
  return new Date(Date.UTC(japan.getUTCFullYear(), japan.getUTCMonth(), 1) - JST_OFFSET);
}

export interface DemoDataset {
  customers: DemoCustomer[];
  interactions: DemoInteraction[];
}

/**
 * One tenant's customers and interactions. Deterministic for a given `now`: the same names,
 * counts and order every time; only the timestamps move with the time of seeding (interactions
 * spread over the last six months, `interactionsThisMonth` of them in the current month).
 */
export function buildDemoDataset(tenant: DemoTenant, staffIds: readonly string[], now: Date): DemoDataset {
  const rng = random(tenant.seed);
  const { material } = tenant;
  const customers: DemoCustomer[] = [];
  const usedNames = new Set<string>();

  for (let index = 0; index < tenant.customers; index += 1) {
    // The first customer is always a 佐藤 (サトウ), which the search examples rely on.
    let surname = index === 0 ? SURNAMES[0]! : rng.pick(SURNAMES);
    let given = rng.pick(GIVEN_NAMES);
    while (usedNames.has(surname.kanji + given.kanji)) {
      surname = rng.pick(SURNAMES);
      given = rng.pick(GIVEN_NAMES);
    }
    usedNames.add(surname.kanji + given.kanji);

    const company =
      index % 4 === 1 ? material.companies[Math.floor(index / 4) % material.companies.length]! : null;
    const address = rng.pick(material.addresses);
    const mobile = rng.chance(0.65);
    const phone = mobile
      ? `${rng.pick(['090', '080', '070'])}-${digits(rng, 4)}-${digits(rng, 4)}`
      : `03-${rng.int(3, 6)}${digits(rng, 3)}-${digits(rng, 4)}`;
    const email = company
      ? `${surname.romaji}@${company.domain}`
      : rng.chance(0.8)
        ? `${given.romaji}.${surname.romaji}${rng.chance(0.4) ? rng.int(1, 99) : ''}@${rng.pick(['example.com', 'example.net', 'example.org'])}`
        : null;
    const tagCount = rng.int(0, 3);
    const tags = [...new Set(Array.from({ length: tagCount }, () => rng.pick(material.tags)))];
    const createdAt = new Date(now.getTime() - rng.int(190, 900) * DAY - rng.int(0, DAY - 1));
    const updatedAt = new Date(
      createdAt.getTime() + rng.next() * (now.getTime() - DAY - createdAt.getTime()),
    );

    customers.push({
      id: rng.uuid(),
      last_name: surname.kanji,
      first_name: given.kanji,
      last_name_kana: surname.kana,
      first_name_kana: given.kana,
      company_name: company?.name ?? null,
      company_name_kana: company?.kana ?? null,
      email,
      phone,
      postal_code: address.postalCode,
      prefecture: '東京都',
      city: address.city,
      address_line: `${address.town}${rng.int(1, 5)}-${rng.int(1, 30)}-${rng.int(1, 20)}${rng.chance(0.5) ? ` ${rng.pick(material.buildings)}` : ''}`,
      tags,
      assignee_user_id: rng.chance(0.8) ? rng.pick(staffIds) : null,
      notes: rng.chance(0.4) ? rng.pick(material.notes) : null,
      created_by: staffIds[0] ?? null,
      updated_by: staffIds[0] ?? null,
      created_at: createdAt,
      updated_at: updatedAt,
    });
  }

  const monthStart = startOfMonthInJapan(now);
  // The last few customers registered this month (JST), so that 「今月の新規顧客は？」 (the AI chat's
  // and the assistant's example) and the new-customer counts answer with real rows. Set after the
  // draws: the random sequence, and so every other record, stays as it was.
  const registeredThisMonth = customers.slice(-DEMO_NEW_THIS_MONTH);
  registeredThisMonth.forEach((customer, k) => {
    const share = (k + 1) / (registeredThisMonth.length + 1);
    const at = new Date(monthStart.getTime() + share * (now.getTime() - monthStart.getTime()));
    customer.created_at = at;
    customer.updated_at = at;
  });
  giveBirthDates(customers, tenant.seed, now);
  // "This month" interactions also fall in the current month for a browser on UTC (the JST month
  // starts 9 hours earlier), so the dashboard count is the same in both.
  const utcMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const recentFrom = Math.max(monthStart.getTime(), utcMonthStart, now.getTime() - 25 * DAY);
  const recentTo = now.getTime() - Math.min(60_000, (now.getTime() - recentFrom) / 2);
  const olderFrom = now.getTime() - 180 * DAY;
  const usedTimes = new Set<number>();
  const interactions: DemoInteraction[] = [];

  for (let index = 0; index < tenant.interactions; index += 1) {
    const thisMonth = index < tenant.interactionsThisMonth;
    const [from, to] = thisMonth ? [recentFrom, recentTo] : [olderFrom, monthStart.getTime() - 1];
    let time = duringClinicHours(Math.floor(from + rng.next() * (to - from)), from, to, rng);
    // Distinct timestamps keep "newest first" a strict order.
    while (usedTimes.has(time)) time -= 1;
    usedTimes.add(time);
    const template = rng.pick(material.interactions);
    const customer = rng.pick(customers);
    interactions.push({
      id: rng.uuid(),
      customer_id: customer.id!,
      type: template.type,
      summary: template.summary,
      content: template.content,
      created_by: rng.pick(staffIds),
      created_at: new Date(time),
      updated_at: new Date(time),
    });
  }
  return { customers, interactions };
}

const HOUR = 60 * 60 * 1000;

/**
 * Moves a moment to the same JST day between 9:00 and 18:00 (a clinic's day), or to the day before
 * when that lies in the future; keeps the moment when neither fits in [from, to].
 */
function duringClinicHours(
  time: number,
  from: number,
  to: number,
  rng: { int(min: number, max: number): number },
) {
  const jstMidnight = Math.floor((time + JST_OFFSET) / DAY) * DAY - JST_OFFSET;
  const offset = (9 + rng.int(0, 8)) * HOUR + rng.int(0, 59) * 60_000;
  for (const candidate of [jstMidnight + offset, jstMidnight - DAY + offset]) {
    if (candidate >= from && candidate <= to) return candidate;
  }
  return time;
}

/** Seeds the two demo tenants on the owner connection, all or nothing (one transaction). */
export async function seedDemoData(
  ownerDb: Db,
  now: Date,
  passwordHashCost: number = PASSWORD_HASH_COST,
): Promise<void> {
  const passwordHashes = new Map(
    await Promise.all(
      Object.values(DEMO_USERS).map(
        async (user) => [user.id, await hashPassword(DEMO_PASSWORD, passwordHashCost)] as const,
      ),
    ),
  );

  const events = new DomainEvents();
  subscribeNotificationRules(events);
  await ownerDb.transaction().execute(async (tx) => {
    for (const tenant of Object.values(DEMO_TENANTS)) {
      await insertTenant(tx, {
        id: tenant.id,
        name: tenant.name,
        plan: tenant.plan,
        time_zone: tenant.timeZone,
      });
    }
    let order = 0;
    for (const user of Object.values(DEMO_USERS)) {
      await insertUser(tx, {
        id: user.id,
        email: user.email,
        full_name: user.full_name,
        password_hash: passwordHashes.get(user.id) ?? null,
      });
      await insertMembership(tx, {
        tenant_id: user.tenant,
        user_id: user.id,
        role: user.role,
        permissions: [...user.permissions],
        created_at: new Date(now.getTime() - 400 * DAY + order * 1000),
      });
      order += 1;
    }

    for (const tenant of Object.values(DEMO_TENANTS)) {
      const staffIds = Object.values(DEMO_USERS)
        .filter((user) => user.tenant === tenant.id)
        .map((user) => user.id);
      const dataset = buildDemoDataset(tenant, staffIds, now);
      const scoped = await scopeToTenant(tx, tenant.id);
      if (tenant.everyFeatureOn) {
        for (const feature of FEATURES) await setFeatureSwitch(scoped, feature, true);
      }
      await insertCustomers(scoped, dataset.customers);
      await insertInteractions(scoped, dataset.interactions);
      // A first visit finds the bell in use: the newest interactions are announced to the
      // customers' assignees through the same rules as one recorded on screen.
      const newest = [...dataset.interactions]
        .sort((a, b) => Number(a.created_at) - Number(b.created_at))
        .slice(-DEMO_ANNOUNCED_INTERACTIONS);
      for (const interaction of newest) {
        const customer = dataset.customers.find((candidate) => candidate.id === interaction.customer_id);
        if (!customer) continue;
        await events.emit(scoped, {
          type: 'interaction.created',
          actorId: interaction.created_by ?? null,
          subjectId: interaction.id ?? null,
          payload: {
            customer_id: customer.id,
            customer_name: personName(customer.last_name, customer.first_name),
            interaction_type: interaction.type,
            summary: interaction.summary ?? null,
            assignee_user_id: customer.assignee_user_id ?? null,
          },
        });
      }
      await seedDemoStaff(scoped);
      await seedDemoProducts(
        scoped,
        tenant.id === DEMO_TENANTS.sakura.id ? DEMO_PRODUCT_MATERIAL.sakura : DEMO_PRODUCT_MATERIAL.midori,
        dataset.interactions,
        staffIds[0] ?? null,
      );
    }
  });
}
