import { environmentReader } from '../env';

export interface JobTimings {
  /** How often an idle worker looks for jobs (seconds, ≥ 0.5). */
  pollingIntervalSeconds: number;
  /**
   * A running job reports it is alive this often (its worker does it by itself); a job that has
   * not for `heartbeatSeconds` (≥ 10) belonged to a process that died and is retried.
   */
  heartbeatSeconds: number;
  /** How often expired and heartbeat-lost jobs are looked for (seconds, ≥ 1). */
  superviseIntervalSeconds: number;
  /** Longest a job may stay active, alive or not (seconds). */
  expireInSeconds: number;
}

export const DEFAULT_JOB_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 2,
  heartbeatSeconds: 30,
  superviseIntervalSeconds: 15,
  expireInSeconds: 15 * 60,
};

/** Reads the job timings from the environment (TSUMIKI_JOB_*; tests and drills shorten them). */
export function jobTimingsFromEnv(env: NodeJS.ProcessEnv, problems: string[]): JobTimings {
  const read = environmentReader(env, problems).number;
  return {
    pollingIntervalSeconds: read(
      'TSUMIKI_JOB_POLL_SECONDS',
      DEFAULT_JOB_TIMINGS.pollingIntervalSeconds,
      0.5,
      60,
    ),
    heartbeatSeconds: read('TSUMIKI_JOB_HEARTBEAT_SECONDS', DEFAULT_JOB_TIMINGS.heartbeatSeconds, 10, 3600),
    superviseIntervalSeconds: read(
      'TSUMIKI_JOB_SUPERVISE_SECONDS',
      DEFAULT_JOB_TIMINGS.superviseIntervalSeconds,
      1,
      3600,
    ),
    expireInSeconds: read('TSUMIKI_JOB_EXPIRE_SECONDS', DEFAULT_JOB_TIMINGS.expireInSeconds, 5, 24 * 3600),
  };
}
