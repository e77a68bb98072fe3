import { percentile, summarize } from './load.mjs';

/**
 * Each measured case's figures per server, from the runs of every round (`runsOf`, keyed
 * `case:server`): req/s and latencies over all rounds, CPU and round trips per answer, and the
 * ratios to the same-SQL baseline and to the floor, overall and round by round.
 */
export function caseResults(measured, servers, runsOf) {
  return measured.map((c) => {
    const entry = { key: c.key, label: c.label, path: c.path };
    for (const server of servers) {
      const runs = runsOf.get(`${c.key}:${server.key}`);
      const all = runs.flatMap((run) => run.latencies);
      const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      const bytes = runs.reduce((sum, run) => sum + run.bytes, 0);
      const roundTrips = runs.reduce((sum, run) => sum + run.roundTrips, 0);
      const cpu = runs.reduce((sum, run) => sum + run.cpuMs, 0);
      entry[server.key] = {
        ...summarize(all, seconds, errors, bytes),
        // The server process's CPU (user + system, /proc) over the load runs, divided by its answers.
        cpuMsPerRequest: all.length > 0 ? cpu / all.length : Number.NaN,
        // Counted at the pg client of the server over the load runs, divided by its answers.
        roundTripsPerRequest: all.length > 0 ? roundTrips / all.length : Number.NaN,
        rounds: runs.map((run) => {
          const s = summarize(run.latencies, run.seconds, run.errors);
          return { rps: s.rps, p50: s.p50, p95: s.p95, p99: s.p99, requests: s.requests, errors: s.errors };
        }),
      };
    }
    entry.ratio = entry.tsumiki.rps / entry.baseline.rps;
    // The same ratio round by round (each round measures both servers back to back): its spread
    // shows how much the machine moved during the run.
    const perRound = entry.tsumiki.rounds.map((round, index) => round.rps / entry.baseline.rounds[index].rps);
    entry.ratioByRound = perRound;
    entry.ratioMedianOfRounds = percentile(Float64Array.from(perRound).sort(), 50);
    entry.floorRatio = entry.tsumiki.rps / entry.floor.rps;
    // Less at the machine's mercy than req/s: the baseline's CPU per answer over Tsumiki's.
    entry.cpuRatio = entry.baseline.cpuMsPerRequest / entry.tsumiki.cpuMsPerRequest;
    entry.floorRatioByRound = entry.tsumiki.rounds.map(
      (round, index) => round.rps / entry.floor.rounds[index].rps,
    );
    return entry;
  });
}
