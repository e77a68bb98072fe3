import pg from 'pg';
import { seedDemoData } from '../../seed/demo';
import { ensureAppRole } from './app-role';
import { openDatabase } from './database';
import { type MigrationResult, migrate } from './migrate';
import { getOrCreateSecret, JWT_SECRET_NAME, MFA_SECRET_NAME } from './secrets';

export interface BootstrapOptions {
  /** Owner connection: runs migrations, creates the app role, seeds. */
  ownerUrl: string;
  /** A ready app-role connection; when absent the tsumiki_app role is created and its URL derived. */
  appUrl?: string | null;
  demo: boolean;
  /** scrypt cost of the demo accounts' passwords (tests lower it; see Config.passwordHashCost). */
  passwordHashCost?: number;
  now?: Date;
  log?: (message: string) => void;
}

export interface BootstrapResult {
  appUrl: string;
  migrations: MigrationResult;
  seeded: boolean;
  /**
   * The access-token signing key kept in the database, read here through the owner connection:
   * the app role that serves requests cannot read it (migration 0004).
   */
  jwtSecret: string;
  /** The secret the two-factor keys derive from, read the same way. */
  mfaSecret: string;
}

// Any fixed 64-bit key; every server process takes the same one.
const BOOTSTRAP_LOCK = 7_384_911_204;

/**
 * Brings a database up to date before the server uses it: app role, migrations, and the demo
 * seed on an empty database. Several processes may start at once; an advisory lock makes the
 * first do the work while the others wait and then find nothing left to do.
 */
export async function bootstrapDatabase(options: BootstrapOptions): Promise<BootstrapResult> {
  const log = options.log ?? (() => {});
  const owner = new pg.Client({ connectionString: options.ownerUrl, application_name: 'tsumiki-bootstrap' });
  await owner.connect();
  try {
    await owner.query('select pg_advisory_lock($1)', [BOOTSTRAP_LOCK]);
    const appUrl = options.appUrl ?? (await ensureAppRole(owner, options.ownerUrl));
    const migrations = await migrate(owner);
    if (migrations.applied.length > 0)
      log(`マイグレーションを適用しました: ${migrations.applied.join(', ')}`);

    const ownerDb = openDatabase(options.ownerUrl, { max: 2, applicationName: 'tsumiki-bootstrap' });
    try {
      const jwtSecret = await getOrCreateSecret(ownerDb, JWT_SECRET_NAME);
      const mfaSecret = await getOrCreateSecret(ownerDb, MFA_SECRET_NAME);
      let seeded = false;
      if (options.demo) {
        const { rows } = await owner.query<{ empty: boolean }>(
          'select not exists (select 1 from tenants) as empty',
        );
        if (rows[0]?.empty) {
          await seedDemoData(ownerDb, options.now ?? new Date(), options.passwordHashCost);
          seeded = true;
          log('デモデータを投入しました（さくら内科クリニック、みどり歯科）');
        }
      }
      return { appUrl, migrations, seeded, jwtSecret, mfaSecret };
    } finally {
      await ownerDb.destroy();
    }
  } finally {
    await owner.query('select pg_advisory_unlock($1)', [BOOTSTRAP_LOCK]).catch(() => {});
    await owner.end();
  }
}
