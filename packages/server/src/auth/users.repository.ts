import type { DbExecutor } from '../platform/db/database';
import type { User } from '../platform/db/schema';

export interface NewUser {
  email: string;
  password_hash: string | null;
  full_name: string | null;
  is_system_admin?: boolean;
  is_super_admin?: boolean;
  is_agency_user?: boolean;
}

/** Emails are stored lower-cased and trimmed; lookups normalise the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserById(db: DbExecutor, userId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function insertUser(db: DbExecutor, user: NewUser & { id?: string }): Promise<User> {
  return db
    .insertInto('users')
    .values({ ...user, email: normalizeEmail(user.email) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordSignIn(db: DbExecutor, userId: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
}

/** Replaces a hash made with weaker parameters after the password it hashes was just verified. */
export async function updatePasswordHash(
  db: DbExecutor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** What a user may change of their own account through the auth protocol's user update. */
export interface UserChanges {
  password_hash?: string;
  full_name?: string | null;
}

export async function updateUser(
  db: DbExecutor,
  userId: string,
  changes: UserChanges,
  at: Date,
): Promise<User> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: at })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Whether administrators have disabled the user: they belong to tenants and every one of those
 * memberships is inactive. A user with no membership at all is not disabled (just invited,
 * about to join with a code), and neither is a system administrator, who works in any tenant
 * without one.
 */
export async function isUserDisabled(db: DbExecutor, user: Pick<User, 'id' | 'is_system_admin'>) {
  if (user.is_system_admin) return false;
  const row = await db
    .selectFrom('tenant_users')
    .select((eb) => [
      eb.fn.countAll<string>().as('memberships'),
      eb.fn.count<string>('tenant_id').filterWhere('status', '=', 'active').as('active'),
    ])
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return Number(row.memberships) > 0 && Number(row.active) === 0;
}
