import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import { type Db as BossDb, PgBoss, type QueueOptions } from 'pg-boss';
import type { TenantTransaction } from '../db/tenant-scope';
import type { JobAttempt, JobData, JobName, JobQueue, ScheduledJobName } from './jobs';
import { DEFAULT_JOB_TIMINGS, type JobTimings } from './timings';

/** The schema migration 0011 creates for pg-boss, owned by the app role. */
export const JOB_SCHEMA = 'pgboss';
// Every queue of JobData (a new one fails to compile until it is listed here).
const QUEUES = Object.keys({
  'documents.extract': true,
  'knowledge.extract': true,
  'files.remove': true,
  'customers.import': true,
  'customers.purge': true,
  'customers.merges-finalize': true,
  'customers.imports-prune': true,
  'notifications.digest': true,
  'audit.prune': true,
} satisfies Record<JobName, true>) as JobName[];
/** Schedules read in the clinics' day: a nightly purge runs at night in Japan. */
const SCHEDULE_TIME_ZONE = 'Asia/Tokyo';

export interface JobQueueOptions {
  /** The app role's connection: pg-boss installs itself into its schema (0011) at start. */
  connectionString: string;
  log?: FastifyBaseLogger;
  timings?: Partial<JobTimings>;
}

/** pg-boss's statements run on our transaction's connection: the job commits or rolls back with it. */
function onTransaction(tx: TenantTransaction): BossDb {
  return {
    async executeSql(text, values) {
      const result = await tx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

/**
 * The job queue on pg-boss: several server processes share it (each runs the workers), a job is
 * sent inside the request's transaction, retried with exponential backoff when its handler throws,
 * and taken up again when the process running it died (its heartbeat stops).
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const timings = { ...DEFAULT_JOB_TIMINGS, ...options.timings };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOB_SCHEMA,
    // The schema exists (migration 0011) and belongs to the app role.
    createSchema: false,
    max: 4,
    application_name: 'tsumiki-jobs',
    // pg-boss's clock: every process checks the schedules; the database lets one send each job.
    schedule: true,
    superviseIntervalSeconds: timings.superviseIntervalSeconds,
    monitorIntervalSeconds: Math.max(timings.superviseIntervalSeconds, 10),
  });
  boss.on('error', (error: unknown) =>
    options.log?.error({ err: error }, 'ジョブキューでエラーが発生しました'),
  );
  const handlers = new Map<JobName, (data: never, attempt: JobAttempt) => Promise<void>>();
  const schedules = new Map<ScheduledJobName, string>();
  const queueOptions: QueueOptions = {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 10 * 60,
    heartbeatSeconds: timings.heartbeatSeconds,
    expireInSeconds: timings.expireInSeconds,
  };
  let started = false;

  return {
    async sendInTransaction<Name extends JobName>(tx: TenantTransaction, name: Name, data: JobData[Name]) {
      await boss.send(name, data, { db: onTransaction(tx) });
    },

    work<Name extends JobName>(
      name: Name,
      handler: (data: JobData[Name], attempt: JobAttempt) => Promise<void>,
    ) {
      if (started) throw new Error(`ジョブキューの開始後にワーカーは登録できません: ${name}`);
      handlers.set(name, handler as (data: never, attempt: JobAttempt) => Promise<void>);
    },

    schedule(name, cron) {
      if (started) throw new Error(`ジョブキューの開始後に予定は登録できません: ${name}`);
      schedules.set(name, cron);
    },

    async start() {
      await boss.start({ attempts: 5 });
      for (const name of QUEUES) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions);
        else await boss.updateQueue(name, queueOptions);
      }
      for (const [name, cron] of schedules) {
        await boss.schedule(name, cron, {}, { tz: SCHEDULE_TIME_ZONE, missed: 'once' });
      }
      for (const [name, handler] of handlers) {
        await boss.work<JobData[typeof name]>(
          name,
          { pollingIntervalSeconds: timings.pollingIntervalSeconds, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              await handler(job.data as never, {
                retryCount: job.retryCount,
                lastAttempt: job.retryCount >= (queueOptions.retryLimit ?? 0),
              });
            }
          },
        );
      }
      started = true;
    },

    async stop() {
      // Running jobs get a moment to finish; one cut short is retried by another process.
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
