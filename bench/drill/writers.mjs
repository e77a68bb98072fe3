// The crash drill's load: clients that write through the API as the app does, each acknowledged
// write entered in the ledger, until the round's crash stops them.
import { prng } from '../lib/data.mjs';
import { call } from '../lib/http.mjs';
import { MARKER } from './ledger.mjs';

/**
 * `clients` loops, each: create a customer, record one or two interactions for it, and now and
 * then update it with its version. Stops when `control.stop` is set; every answer is counted, by
 * status (0 = no answer: refused, reset, timed out), before and after the kill.
 */
export async function writeUnderLoad({ settings, ledger, pool, token, round, people, control, stats }) {
  const random = prng(settings.seed + round);
  let next = 0;
  const count = (answer, kind) => {
    const phase = control.killedAt === null ? 'beforeKill' : 'afterKill';
    const key = answer.status === 0 ? `0 ${answer.error}` : String(answer.status);
    stats[phase][key] = (stats[phase][key] ?? 0) + 1;
    if (answer.status >= 200 && answer.status < 300) {
      stats.acknowledged[kind] += 1;
      if (control.killedAt !== null) stats.acknowledgedAfterKill += 1;
      return true;
    }
    return false;
  };
  const client = async (clientNumber) => {
    while (!control.stop) {
      const n = next++;
      const person = people[n % people.length];
      const marker = `${MARKER}${round} c${clientNumber} n${n}`;
      const created = await call(pool, 'POST', '/api/customers', {
        token,
        body: { ...person.input, notes: marker },
      });
      if (!count(created, 'customers')) continue;
      const customer = { acked: created.body, round, possible: [] };
      ledger.customers.set(created.body.id, customer);
      for (const [i, entry] of person.interactions.slice(0, 1 + (n % 2)).entries()) {
        if (control.stop) return;
        const recorded = await call(pool, 'POST', '/api/interactions', {
          token,
          body: {
            customer_id: created.body.id,
            type: entry.type,
            summary: `${entry.summary}（${marker} i${i}）`,
            content: entry.content,
          },
        });
        if (count(recorded, 'interactions'))
          ledger.interactions.set(recorded.body.id, { acked: recorded.body, round });
      }
      if (control.stop || !random.chance(0.3)) continue;
      const changes = {
        phone: `090-${String(random.int(0, 9999)).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`,
        notes: `${marker} 更新`,
        tags: random.chance(0.5) ? ['要フォロー'] : ['VIP', '紹介'],
      };
      const version = customer.acked.version;
      customer.possible.push({ version: version + 1, changes });
      const updated = await call(pool, 'PUT', `/api/customers/${created.body.id}`, {
        token,
        body: { version, ...changes },
      });
      if (count(updated, 'updates')) {
        customer.acked = updated.body;
        customer.possible = [];
      }
    }
  };
  await Promise.all(Array.from({ length: settings.clients }, (_, i) => client(i + 1)));
}
