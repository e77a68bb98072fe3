// CPU time spent by the processes under test, read from /proc (Linux): what one request costs
// the server process and the PostgreSQL cluster, whatever else the (shared) machine is doing.
// Throughput on a busy machine swings by tens of percent from round to round; CPU time per
// request hardly does, so it tells where the access log's cost goes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pgDataOf } from '../lib/product.mjs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime+stime (and the reaped children's, with `children`) of one process in ms; null when gone. */
function processMs(pid, children) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): state is [0], ppid [1], utime [11].
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks =
    Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
  return { ms: ticks * TICK_MS, ppid: Number(fields[1]) };
}

/** The PID of the cluster's postmaster (first line of postmaster.pid), or null. */
function postmasterPid(dataDir) {
  const file = join(pgDataOf(dataDir), 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * CPU ms so far of the cluster under `dataDir` (the postmaster, its live backends and the ones
 * that have exited) and of each server process given.
 */
export function cpuSnapshot(dataDir, servers) {
  const postmaster = postmasterPid(dataDir);
  let postgres = 0;
  /** By kind of PostgreSQL process (its title: a connection, the WAL writer, autovacuum, …). */
  const kinds = {};
  if (postmaster) {
    const own = processMs(postmaster, true)?.ms ?? 0;
    postgres += own;
    kinds['postmaster (+ exited)'] = own;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = processMs(entry, false);
      if (child?.ppid !== postmaster) continue;
      postgres += child.ms;
      const kind = processKind(entry);
      kinds[kind] = (kinds[kind] ?? 0) + child.ms;
    }
  }
  const node = {};
  for (const [name, pid] of Object.entries(servers)) node[name] = processMs(pid, true)?.ms ?? 0;
  return { postgres, node, kinds };
}

/** "connection" for a backend (its title names a role and a database), else the title. */
function processKind(pid) {
  let title = '';
  try {
    title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return 'gone';
  }
  const name = title.replace(/^postgres:\s*/, '');
  if (/\d+\.\d+\.\d+\.\d+\(\d+\)/.test(name)) return 'connection';
  return name.replace(/\s.*$/, '') || 'other';
}

/** CPU ms per request between two snapshots, for the server that served the requests. */
export function cpuPerRequest(before, after, server, requests) {
  if (requests === 0) return { postgres: Number.NaN, node: Number.NaN };
  const kinds = {};
  for (const [kind, ms] of Object.entries(after.kinds))
    kinds[kind] = (ms - (before.kinds[kind] ?? 0)) / requests;
  return {
    postgres: (after.postgres - before.postgres) / requests,
    node: (after.node[server] - before.node[server]) / requests,
    kinds,
  };
}
