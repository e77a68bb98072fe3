// The crash drill's ledger: every write the server acknowledged, and the check that it is all still
// there, unchanged, when read back through the API after a crash.
import { call, readAll } from '../lib/http.mjs';

// customers: id → { acked: the body of the last 2xx, round, possible: updates sent but not
//   acknowledged (a PUT cut off by the crash may or may not have committed) }
// interactions: id → { acked, round }
// Every create carries a marker (customers in notes, interactions in summary) so that a create
// the crash cut off, but which did commit, is recognised afterwards ("stored, unacknowledged").
export const newLedger = () => ({ customers: new Map(), interactions: new Map() });
export const MARKER = 'drill r';

/** Stable JSON (keys sorted) for comparing what was acknowledged with what is read back. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields in which two objects differ (for the report). */
function differences(expected, actual) {
  const keys = new Set([...Object.keys(expected ?? {}), ...Object.keys(actual ?? {})]);
  return [...keys]
    .filter((key) => canonical(expected?.[key]) !== canonical(actual?.[key]))
    .map((key) => ({ field: key, expected: expected?.[key], actual: actual?.[key] }));
}

/**
 * Compares every acknowledged write with what the API returns now: the whole ledger through the
 * list endpoints, and this round's customers once more one by one (GET /api/customers/{id}).
 */
export async function verify({ ledger, pool, token, round }) {
  const customers = new Map(
    (await readAll(pool, '/api/customers?sort_by=created_at&sort_order=desc', 'customers', token)).map(
      (row) => [row.id, row],
    ),
  );
  const interactions = new Map(
    (await readAll(pool, '/api/interactions', 'interactions', token)).map((row) => [row.id, row]),
  );
  const result = { checked: 0, lost: [], changed: [], updateApplied: 0, storedUnacknowledged: 0 };

  const check = (kind, id, entry, row) => {
    result.checked += 1;
    if (!row) {
      result.lost.push({ kind, id, round: entry.round, expected: entry.acked });
      return;
    }
    if (canonical(row) === canonical(entry.acked)) return;
    // An update cut off by the crash that did commit: the row is that update, one version on.
    const applied = entry.possible?.find(
      (update) =>
        row.version === update.version &&
        Object.entries(update.changes).every(([key, value]) => canonical(row[key]) === canonical(value)),
    );
    if (applied) {
      result.updateApplied += 1;
      entry.acked = row;
      entry.possible = [];
      return;
    }
    result.changed.push({ kind, id, round: entry.round, differences: differences(entry.acked, row) });
  };

  for (const [id, entry] of ledger.customers) check('customer', id, entry, customers.get(id));
  for (const [id, entry] of ledger.interactions) check('interaction', id, entry, interactions.get(id));

  // This round's customers one by one, through the read the app's detail screen uses.
  const mine = [...ledger.customers].filter(([, entry]) => entry.round === round);
  for (let i = 0; i < mine.length; i += 8) {
    await Promise.all(
      mine.slice(i, i + 8).map(async ([id, entry]) => {
        const answer = await call(pool, 'GET', `/api/customers/${id}`, { token });
        const row = answer.status === 200 ? answer.body : null;
        if (answer.status !== 200 && answer.status !== 404) {
          throw new Error(
            `GET /api/customers/${id}: ${answer.status} ${answer.error ?? answer.text.slice(0, 200)}`,
          );
        }
        check('customer (GET)', id, entry, row);
      }),
    );
  }

  for (const row of customers.values()) {
    if (row.notes?.startsWith(MARKER) && !ledger.customers.has(row.id)) result.storedUnacknowledged += 1;
  }
  for (const row of interactions.values()) {
    if (row.summary?.includes(`（${MARKER}`) && !ledger.interactions.has(row.id))
      result.storedUnacknowledged += 1;
  }
  return result;
}
