import pg from 'pg';
import { seedDemoData } from '../../seed/demo';
import { ensureAppRole } from './app-role';
import { openDatabase } from './database';
import { type MigrationResult, migrate } from './migrate';

export interface BootstrapOptions {
  /** Owner connection: runs migrations, creates the app role, seeds. */
  ownerUrl: string;
  /** A ready app-role connection; when absent the tsumiki_app role is created and its URL derived. */
  appUrl?: string | null;
  demo: boolean;
  now?: Date;
  log?: (message: string) => void;
}

export interface BootstrapResult {
  appUrl: string;
  migrations: MigrationResult;
  seeded: boolean;
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

    let seeded = false;
    if (options.demo) {
      const { rows } = await owner.query<{ empty: boolean }>(
        'select not exists (select 1 from tenants) as empty',
      );
      if (rows[0]?.empty) {
        const ownerDb = openDatabase(options.ownerUrl, { max: 2, applicationName: 'tsumiki-seed' });
        try {
          await seedDemoData(ownerDb, options.now ?? new Date());
        } finally {
          await ownerDb.destroy();
        }
        seeded = true;
        log('デモデータを投入しました（さくら内科クリニック、みどり歯科）');
      }
    }
    return { appUrl, migrations, seeded };
  } finally {
    await owner.query('select pg_advisory_unlock($1)', [BOOTSTRAP_LOCK]).catch(() => {});
    await owner.end();
  }
}
