// 架空のデモ用スタッフ名簿。氏名・連絡先はすべて架空で、実在の人物とは関係ありません。
import { type DemoStaff, MIDORI_ROSTER, SAKURA_ROSTER } from '@tsumiki/api-client/demo';
import { insertStaff } from '../modules/staff/staff.repository';
import type { TenantTransaction } from '../platform/db/tenant-scope';

const ROSTERS: Record<string, readonly DemoStaff[]> = {
  // さくら内科クリニック and みどり歯科 (DEMO_TENANTS in demo.ts)
  '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a01': SAKURA_ROSTER,
  '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a02': MIDORI_ROSTER,
};

/** The demo tenant's staff roster, some linked to the demo users (called once per demo tenant). */
export async function seedDemoStaff(tx: TenantTransaction): Promise<void> {
  const roster = ROSTERS[tx.tenantId] ?? [];
  const accounts = await tx
    .selectFrom('tenant_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email'])
    .where('m.tenant_id', '=', tx.tenantId)
    .execute();
  const userIdOf = new Map(accounts.map((account) => [account.email, account.id]));
  const creator = accounts[0]?.id ?? null;
  await insertStaff(
    tx,
    roster.map(({ account, ...staff }) => ({
      ...staff,
      user_id: account ? (userIdOf.get(account) ?? null) : null,
      created_by: creator,
      updated_by: creator,
    })),
  );
}
