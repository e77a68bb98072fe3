import type { TenantTransaction } from '../db/tenant-scope';

/**
 * Background work on a Postgres-backed queue (pg-boss): several server processes share it,
 * nothing is lost on a restart (an active job whose process died is retried once it expires).
 * A job is sent inside the transaction that makes it necessary, so it exists only if that
 * transaction commits.
 */
export interface JobQueue {
  /** Sends a job as part of `tx` (visible to workers only once `tx` commits). */
  sendInTransaction<Name extends JobName>(
    tx: TenantTransaction,
    name: Name,
    data: JobData[Name],
  ): Promise<void>;
  /**
   * Registers the worker of a queue (call before start). A handler that throws is retried with
   * backoff; `attempt.lastAttempt` says no retry follows (record the failure for people then).
   */
  work<Name extends JobName>(
    name: Name,
    handler: (data: JobData[Name], attempt: JobAttempt) => Promise<void>,
  ): void;
  /**
   * Sends a job of `name` (payload `{}`) on a cron schedule, in the tenant's day (Asia/Tokyo):
   * once per occurrence however many processes run, and once after an outage that missed some
   * (call before start; the queue's worker does the work).
   */
  schedule(name: ScheduledJobName, cron: string): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  stop(): Promise<void>;
}

/** Which attempt of a job a handler is running. */
export interface JobAttempt {
  /** 0 on the first run. */
  retryCount: number;
  /** No retry follows when this one throws. */
  lastAttempt: boolean;
}

/** Every queue and its payload; a new kind of background work adds a line here. */
export interface JobData {
  /** Extract and index one uploaded document (documents module). */
  'documents.extract': { tenantId: string; documentId: string };
  /** Extract and index one knowledge-base document (knowledge module). */
  'knowledge.extract': { tenantId: string; documentId: string };
  /**
   * Remove a stored file once its last row is deleted (sent by the deleting transaction, so it
   * runs only after that commits; the file stays when another row of the tenant uses the key).
   */
  'files.remove': { tenantId: string; key: string; sha256: string };
  /** Import one customers CSV (customers module; the file and progress in customer_imports). */
  'customers.import': { tenantId: string; importId: string };
  /** Erase, in every tenant, the customers in the trash for more than 30 days (customers module). */
  'customers.purge': Record<string, never>;
  /** Make final, in every tenant, the customer merges older than 30 days (customers module). */
  'customers.merges-finalize': Record<string, never>;
  /** Remove, in every tenant, the customers CSV imports (file and error report) past their retention (customers module). */
  'customers.imports-prune': Record<string, never>;
  /** Mail the daily digest of unread notifications in the tenants whose hour it is (notifications module). */
  'notifications.digest': Record<string, never>;
  /** Remove, in every tenant, the access-log rows older than its retention (audit module). */
  'audit.prune': Record<string, never>;
}

export type JobName = keyof JobData;

/** Queues whose jobs carry nothing and may run on a schedule. */
export type ScheduledJobName = {
  [Name in JobName]: JobData[Name] extends Record<string, never> ? Name : never;
}[JobName];
