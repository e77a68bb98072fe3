import type { CustomerImportJob } from '@tsumiki/api-client/react';

/** Rows per second since the import started, and the seconds left at that pace (null: not known yet). */
export function importPace(
  job: Pick<CustomerImportJob, 'started_at' | 'processed_rows' | 'total_rows'>,
  now: number,
): { rowsPerSecond: number; secondsLeft: number | null } | null {
  if (!job.started_at || job.processed_rows === 0) return null;
  const seconds = (now - Date.parse(job.started_at)) / 1000;
  if (!(seconds > 0)) return null;
  const rowsPerSecond = Math.round(job.processed_rows / seconds);
  if (rowsPerSecond <= 0) return null;
  const left =
    job.total_rows === null ? null : Math.max(0, job.total_rows - job.processed_rows) / rowsPerSecond;
  return { rowsPerSecond, secondsLeft: left };
}
