import { randomBytes } from 'node:crypto';
import type { DbExecutor } from './database';

/** The access-token signing key's row in server_secrets. */
export const JWT_SECRET_NAME = 'auth_jwt_secret';

/** The row the two-factor keys (TOTP secret encryption, recovery-code hashes) derive from. */
export const MFA_SECRET_NAME = 'auth_mfa_secret';

/**
 * Returns the named secret, generating it on first use. Concurrent first uses agree on one value:
 * the insert does nothing when another process won, and everybody reads the stored row.
 */
/** Owner connection only: the app role has no access to server_secrets (migration 0004). */
export async function getOrCreateSecret(db: DbExecutor, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
