import { createHmac } from 'node:crypto';
import pg from 'pg';

/** The non-superuser role the server queries as; row-level security applies to it. */
export const APP_ROLE = 'tsumiki_app';

/**
 * The app role's password is derived from the owner's credentials instead of being stored:
 * every process (and every database of one cluster, as in the tests) computes the same value
 * without coordination, and whoever holds the owner credentials could reset it anyway.
 */
export function appRolePassword(ownerUrl: string): string {
  const owner = new URL(ownerUrl);
  return createHmac('sha256', `${decodeURIComponent(owner.username)}:${decodeURIComponent(owner.password)}`)
    .update(`tsumiki:${APP_ROLE}`)
    .digest('hex');
}

/** The owner URL with the app role's credentials. */
export function appRoleUrl(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = appRolePassword(ownerUrl);
  return url.toString();
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '')
  );
}

/**
 * Creates the login role when missing and makes sure the derived password works. Role names are
 * cluster-wide, so concurrent bootstraps of several databases may race: a duplicate is fine.
 */
export async function ensureAppRole(owner: pg.ClientBase, ownerUrl: string): Promise<string> {
  const password = appRolePassword(ownerUrl);
  // The password is hex, so inlining it in the utility statement (which takes no parameters) is safe.
  const { rowCount } = await owner.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (rowCount === 0) {
    try {
      await owner.query(
        `create role ${APP_ROLE} login password '${password}' nosuperuser nocreatedb nocreaterole nobypassrls`,
      );
    } catch (error) {
      if (isCode(error, '42501')) {
        throw new Error(
          `ロール ${APP_ROLE} を作成できません。DATABASE_URL のユーザーに CREATEROLE 権限を与えるか、` +
            `${APP_ROLE} ロールを用意して DATABASE_APP_URL を指定してください。`,
          { cause: error },
        );
      }
      if (!isCode(error, '42710', '23505')) throw error;
    }
  }

  const url = appRoleUrl(ownerUrl);
  if (!(await canLogIn(url))) {
    // The owner's credentials changed since the role was created: follow them.
    await owner.query(`alter role ${APP_ROLE} with login password '${password}'`);
    if (!(await canLogIn(url))) throw new Error(`ロール ${APP_ROLE} でデータベースに接続できません`);
  }
  return url;
}

async function canLogIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if (isCode(error, '28P01', '28000')) return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
