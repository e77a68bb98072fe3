import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { useSignedInServer } from './support/server';

interface InteractionBody {
  id: string;
  customer_id: string;
  customer_name: string;
  summary: string | null;
  content: string;
  created_at: string;
}

describe('GET /api/interactions', () => {
  const ctx = useSignedInServer(DEMO_USERS.sakuraStaff.email);

  const list = async (query = '') => {
    const response = await ctx.server.get(`/api/interactions${query}`, { token: ctx.token });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('listInteractions', 200, response.json());
    return response.json<{ total: number; interactions: InteractionBody[] }>();
  };

  it('lists newest first with the customer name as 姓 名', async () => {
    const body = await list('?limit=100');
    expect(body.total).toBe(DEMO_TENANTS.sakura.interactions);
    const times = body.interactions.map((interaction) => interaction.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const customers = await ctx.server.database.owner
      .selectFrom('customers')
      .select(['id', 'last_name', 'first_name'])
      .where('tenant_id', '=', DEMO_TENANTS.sakura.id)
      .execute();
    const names = new Map(
      customers.map((customer) => [customer.id, `${customer.last_name} ${customer.first_name}`]),
    );
    for (const interaction of body.interactions) {
      expect(interaction.customer_name).toBe(names.get(interaction.customer_id));
    }
  });

  it('pages through all of them', async () => {
    const seen = new Set<string>();
    for (let skip = 0; skip < DEMO_TENANTS.sakura.interactions; skip += 50) {
      for (const interaction of (await list(`?skip=${skip}&limit=50`)).interactions) seen.add(interaction.id);
    }
    expect(seen.size).toBe(DEMO_TENANTS.sakura.interactions);
  });

  it('filters with created_from (inclusive) and created_to (exclusive)', async () => {
    const newest = (await list('?limit=100')).interactions;
    const tenth = newest[9]!.created_at;
    const from = await list(`?limit=100&created_from=${encodeURIComponent(tenth)}`);
    expect(from.total).toBe(10);
    expect(from.interactions.map((interaction) => interaction.id)).toEqual(
      newest.slice(0, 10).map((i) => i.id),
    );

    const to = await list(`?limit=100&created_to=${encodeURIComponent(tenth)}`);
    expect(to.total).toBe(DEMO_TENANTS.sakura.interactions - 10);

    const window = await list(
      `?created_from=${encodeURIComponent(tenth)}&created_to=${encodeURIComponent(newest[4]!.created_at)}`,
    );
    expect(window.interactions.map((interaction) => interaction.id)).toEqual(
      newest.slice(5, 10).map((i) => i.id),
    );
  });

  it('accepts offsets in created_from, as the dashboard sends Japan time', async () => {
    const newest = (await list('?limit=3')).interactions;
    const instant = new Date(newest[2]!.created_at);
    const japan = new Date(instant.getTime() + 9 * 3600 * 1000).toISOString().replace('Z', '+09:00');
    expect((await list(`?created_from=${encodeURIComponent(japan)}`)).total).toBe(3);
  });

  it('answers 422 for a created_from that is not a date-time', async () => {
    const response = await ctx.server.get('/api/interactions?created_from=yesterday', { token: ctx.token });
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors[0].field).toBe('created_from');
  });
});
