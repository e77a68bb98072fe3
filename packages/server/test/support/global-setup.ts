import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../../src/config';
import { bootstrapDatabase } from '../../src/platform/db/bootstrap';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded';

export const SEEDED_TEMPLATE = 'tsumiki_template_seeded';
export const EMPTY_TEMPLATE = 'tsumiki_template_empty';

const TEST_CLUSTER_SETTINGS: Record<string, string> =
  process.env.TSUMIKI_TEST_FSYNC === 'on' ? {} : { fsync: 'off', full_page_writes: 'off' };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: {
      /** Superuser connection to the maintenance database of the test cluster. */
      adminUrl: string;
      seededTemplate: string;
      emptyTemplate: string;
      /** When the seeded template's demo data was generated (ISO 8601). */
      seededAt: string;
    };
  }
}

/**
 * One real PostgreSQL for the whole run, in a temporary directory on a free port. Two template
 * databases (migrated; migrated + demo seed) are prepared once; each test file clones its own.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'tsumiki-test-'));
  await chmod(dataDir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir,
    database: SEEDED_TEMPLATE,
    // A throwaway cluster: commits reach the kernel (a killed PostgreSQL loses nothing), but are
    // not flushed to the disk, whose flush costs each of the run's many thousand commits.
    settings: TEST_CLUSTER_SETTINGS,
  });
  try {
    const seededAt = new Date();
    await bootstrapDatabase({
      ownerUrl: cluster.urlFor(SEEDED_TEMPLATE),
      demo: true,
      now: seededAt,
      passwordHashCost: testConfig().passwordHashCost,
    });
    const admin = cluster.urlFor('postgres');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${EMPTY_TEMPLATE}`);
    await client.end();
    await bootstrapDatabase({ ownerUrl: cluster.urlFor(EMPTY_TEMPLATE), demo: false });

    project.provide('postgres', {
      adminUrl: admin,
      seededTemplate: SEEDED_TEMPLATE,
      emptyTemplate: EMPTY_TEMPLATE,
      seededAt: seededAt.toISOString(),
    });
  } catch (error) {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
