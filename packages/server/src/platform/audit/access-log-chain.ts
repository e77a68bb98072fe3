import { sql } from 'kysely';
import type { DbExecutor } from '../db/database';

/** Why a tenant's chain does not hold (see tsumiki_verify_access_log, migration 0023). */
export type ChainProblem = 'altered' | 'missing' | 'tail_missing';

export type ChainCheck =
  | { ok: true; checked: number }
  | {
      ok: false;
      checked: number;
      problem: ChainProblem;
      /** The first row that breaks the chain (null when rows after the last one are gone). */
      rowId: number | null;
      occurredAt: Date | null;
      /** The id the chain expected at that place. */
      expectedId: number;
      /** What differs, in Japanese. */
      message: string;
    };

export function chainProblemMessage(problem: ChainProblem, rowId: number | null, expectedId: number): string {
  switch (problem) {
    case 'altered':
      return `操作ログ No.${rowId} の内容が記録時のハッシュと一致しません（記録後に変更されています）。`;
    case 'missing':
      return `操作ログ No.${expectedId} から No.${(rowId ?? expectedId) - 1} が見つかりません（削除されています）。`;
    case 'tail_missing':
      return `操作ログ No.${expectedId} 以降が見つかりません（最新の行が削除されています）。`;
  }
}

/**
 * Recomputes one tenant's chain from its start and names the first row that breaks it. Reads the
 * rows the executor can see: the app role inside the tenant's transaction, or the owner.
 */
export async function verifyAccessLogChain(executor: DbExecutor, tenantId: string): Promise<ChainCheck> {
  const { rows } = await sql<{
    problem: ChainProblem | null;
    row_id: string | null;
    row_occurred_at: Date | null;
    expected_id: string | null;
    checked: string;
  }>`select * from tsumiki_verify_access_log(${tenantId}::uuid)`.execute(executor);
  const row = rows[0];
  const checked = Number(row?.checked ?? 0);
  if (!row || row.problem === null) return { ok: true, checked };
  const rowId = row.row_id === null ? null : Number(row.row_id);
  const expectedId = Number(row.expected_id);
  return {
    ok: false,
    checked,
    problem: row.problem,
    rowId,
    occurredAt: row.row_occurred_at,
    expectedId,
    message: chainProblemMessage(row.problem, rowId, expectedId),
  };
}
