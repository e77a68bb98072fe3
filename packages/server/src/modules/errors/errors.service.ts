import { normalizeIP } from '@fastify/rate-limit';
import type { components } from '@tsumiki/api-client/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import { TooManyRequestsError, ValidationFailedError } from '../../platform/errors';
import { type BudgetEntry, spendBudget } from '../../platform/http/rate-limit-store';
import type { OptionallySignedInRequestContext } from '../../platform/http/typed-handlers';
import { insertReports, pruneReports } from './errors.repository';
import type { NewClientErrorReportRow } from './errors.tables';

type ClientErrorSubmission = components['schemas']['ClientErrorSubmission'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long reports are kept (migration 0007). */
export const REPORT_RETENTION_DAYS = 90;
/** How often a process prunes what is past the retention, at most. */
const PRUNE_INTERVAL_MS = 60 * MINUTE;
/** The largest line or column PostgreSQL's integer keeps; the contract sets no maximum. */
const MAX_POSITION = 2_147_483_647;

export interface ReportBudgetLimits {
  /** Report requests (one report or one batch) per caller and minute. */
  requestsPerMinute: number;
  /** Reports per caller and minute, over all their requests. */
  reportsPerMinute: number;
}

/**
 * A flush of the client's queue is one batch of at most 100 every five minutes, plus critical
 * errors sent one by one: 30 requests and 300 reports a minute leave that ample room, and keep a
 * page stuck in an error loop (or somebody posting on purpose) from filling the table.
 */
export const DEFAULT_REPORT_BUDGET: ReportBudgetLimits = { requestsPerMinute: 30, reportsPerMinute: 300 };

/**
 * Callers without a session (a crash on the sign-in page) report little; anybody can be one, from
 * many addresses, so each address gets a small budget and all of them together one more.
 */
export const ANONYMOUS_REPORT_BUDGET: ReportBudgetLimits = { requestsPerMinute: 6, reportsPerMinute: 50 };
export const ALL_ANONYMOUS_REPORT_BUDGET: ReportBudgetLimits = {
  requestsPerMinute: 120,
  reportsPerMinute: 1000,
};

/** The budget key shared by every caller without a session. */
const ALL_ANONYMOUS = 'anonymous:*';

/**
 * The report budget of each caller: the signed-in user, else the address (IPv6 by /64), in
 * fixed one-minute windows. Apart from the budget of all of /api (api-rate-limit.ts), so that a
 * burst of reports cannot starve the caller's real work, nor the other way round. Counted in
 * PostgreSQL (rate_limit_counters, like that budget), so every server process spends the same.
 */
export class ReportBudget {
  constructor(
    private readonly db: Db,
    private readonly limits: ReportBudgetLimits = DEFAULT_REPORT_BUDGET,
    private readonly anonymousLimits: ReportBudgetLimits = ANONYMOUS_REPORT_BUDGET,
    private readonly allAnonymousLimits: ReportBudgetLimits = ALL_ANONYMOUS_REPORT_BUDGET,
  ) {}

  /**
   * Spends one request and `reports` reports of the caller's minute (an `ip:` caller, without a
   * session, also of all such callers' minute), or throws 429 (RATE_001) and spends nothing.
   */
  async spend(caller: string, reports: number): Promise<void> {
    const entries = (who: string, limits: ReportBudgetLimits): BudgetEntry[] => [
      { key: `reports|${who}|requests`, amount: 1, limit: limits.requestsPerMinute },
      { key: `reports|${who}|reports`, amount: reports, limit: limits.reportsPerMinute },
    ];
    const spent = await spendBudget(
      this.db,
      caller.startsWith('ip:')
        ? [...entries(caller, this.anonymousLimits), ...entries(ALL_ANONYMOUS, this.allAnonymousLimits)]
        : entries(caller, this.limits),
      MINUTE,
    );
    if (!spent.ok) throw new TooManyRequestsError(Math.max(1, Math.ceil(spent.retryAfterMs / 1000)));
  }
}

/** Whose budget a report spends: the signed-in user, else the address it came from. */
export function reportCaller(context: OptionallySignedInRequestContext): string {
  return context.principal
    ? `user:${context.principal.userId}`
    : `ip:${normalizeIP(context.client.ip ?? '')}`;
}

/** Positions PostgreSQL cannot keep are refused with the field they are in, never cut. */
function assertStorable(submissions: ClientErrorSubmission[], prefix: (index: number) => string): void {
  const issues = submissions.flatMap((submission, index) =>
    (['line', 'column'] as const)
      .filter((name) => (submission.error[name] ?? 0) > MAX_POSITION)
      .map((name) => ({
        field: `${prefix(index)}error.${name}`,
        message: `${MAX_POSITION}以下の値を入力してください`,
      })),
  );
  if (issues.length > 0) throw new ValidationFailedError(issues);
}

function toRow(
  submission: ClientErrorSubmission,
  context: OptionallySignedInRequestContext,
): NewClientErrorReportRow {
  const { error } = submission;
  return {
    tenant_id: context.tenant?.tenantId ?? null,
    user_id: context.principal?.userId ?? null,
    report_id: error.id,
    type: error.type,
    severity: error.severity,
    category: error.category,
    message: error.message,
    stack: error.stack ?? null,
    source: error.source ?? null,
    recoverable: error.recoverable,
    user_impact: error.userImpact,
    tags: error.tags ?? [],
    line_number: error.line ?? null,
    column_number: error.column ?? null,
    context: error.context ?? {},
    metadata: error.metadata ?? {},
    reported_at: submission.reportedAt,
    reported_by: submission.reportedBy ?? null,
    ip: context.client.ip,
    user_agent: context.client.userAgent,
    request_id: context.requestId,
  };
}

export interface ErrorReportsOptions {
  db: Db;
  log?: FastifyBaseLogger | undefined;
  budget?: ReportBudget;
  now?: () => Date;
}

/** Receiving client error reports: budget, storage (once per id), the log, retention. */
export class ErrorReports {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly budget: ReportBudget;
  private readonly now: () => Date;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: ErrorReportsOptions) {
    this.db = options.db;
    this.log = options.log;
    this.budget = options.budget ?? new ReportBudget(options.db);
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Stores the submissions (validated against the contract already) for the caller and tenant of
   * the request. Returns how many are accepted: all of them, those received before included, so
   * that the client can drop them all from its queue.
   */
  async receive(
    submissions: ClientErrorSubmission[],
    context: OptionallySignedInRequestContext,
    fieldPrefix: (index: number) => string,
  ): Promise<number> {
    const now = this.now();
    await this.budget.spend(reportCaller(context), submissions.length);
    assertStorable(submissions, fieldPrefix);

    const rows = submissions.map((submission) => toRow(submission, context));
    const tenantId = context.tenant?.tenantId;
    // Without a tenant the insert runs unscoped: the policy then admits rows of no tenant only.
    const stored = tenantId
      ? await withTenant(this.db, tenantId, (tx) => insertReports(tx, rows))
      : await insertReports(this.db, rows);

    for (const row of rows) {
      if (row.severity !== 'critical') continue;
      this.log?.warn(
        {
          reqId: context.requestId,
          report_id: row.report_id,
          type: row.type,
          category: row.category,
          source: row.source,
          tenant_id: row.tenant_id,
          user_id: row.user_id,
        },
        `critical client error reported: ${row.message.slice(0, 200)}`,
      );
    }
    this.log?.info(
      { reqId: context.requestId, received: rows.length, stored, tenant_id: tenantId ?? null },
      'client error reports received',
    );
    await this.pruneNowAndThen(now);
    return submissions.length;
  }

  /** Past the retention, reports go: checked at most once an hour per process, while storing. */
  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < PRUNE_INTERVAL_MS) return;
    this.prunedAt = now.getTime();
    try {
      const removed = await pruneReports(this.db, new Date(now.getTime() - REPORT_RETENTION_DAYS * DAY));
      if (removed > 0) this.log?.info({ removed }, 'client error reports past retention removed');
    } catch (error) {
      // The reports are stored; pruning is tried again at the next interval.
      this.log?.error({ err: error }, 'pruning client error reports failed');
    }
  }
}
