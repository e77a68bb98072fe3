import type { Insertable } from 'kysely';
import type { DbExecutor } from '../platform/db/database';
import type { User } from '../platform/db/schema';
import type { AuthCodesTable, AuthOidcFlow, AuthOidcFlowsTable, ExternalProvider } from './auth.tables';

export type NewOidcFlow = Omit<Insertable<AuthOidcFlowsTable>, 'id' | 'created_at'>;

/** Stores a flow and sweeps the ones nobody came back for. */
export async function insertOidcFlow(db: DbExecutor, flow: NewOidcFlow, now: Date): Promise<void> {
  await db.deleteFrom('auth_oidc_flows').where('expires_at', '<', now).execute();
  await db.insertInto('auth_oidc_flows').values(flow).execute();
}

/**
 * Takes the flow of this state out of the table: whoever gets the row back is the only one who
 * ever will (a replayed callback finds nothing). Expiry is the caller's check.
 */
export async function consumeOidcFlow(db: DbExecutor, stateHash: string): Promise<AuthOidcFlow | undefined> {
  return db
    .deleteFrom('auth_oidc_flows')
    .where('state_hash', '=', stateHash)
    .returningAll()
    .executeTakeFirst();
}

/** The user an external account is linked to, if any. */
export async function findUserByIdentity(
  db: DbExecutor,
  provider: ExternalProvider,
  subject: string,
): Promise<User | undefined> {
  return db
    .selectFrom('auth_identities')
    .innerJoin('users', 'users.id', 'auth_identities.user_id')
    .selectAll('users')
    .where('auth_identities.provider', '=', provider)
    .where('auth_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** Links the external account to the user, or refreshes the link's email and sign-in time. */
export async function upsertIdentity(
  db: DbExecutor,
  identity: { user_id: string; provider: ExternalProvider; subject: string; email: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('auth_identities')
    .values({ ...identity, last_sign_in_at: at })
    .onConflict((conflict) =>
      conflict.columns(['provider', 'subject']).doUpdateSet({ email: identity.email, last_sign_in_at: at }),
    )
    .execute();
}

export async function insertAuthCode(
  db: DbExecutor,
  code: Omit<Insertable<AuthCodesTable>, 'created_at'>,
  now: Date,
): Promise<void> {
  await db.deleteFrom('auth_codes').where('expires_at', '<', now).execute();
  await db.insertInto('auth_codes').values(code).execute();
}

/** Takes the code out of the table (single use); expiry and the verifier are the caller's checks. */
export async function consumeAuthCode(db: DbExecutor, codeHash: string) {
  return db.deleteFrom('auth_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst();
}
