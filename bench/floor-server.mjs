// Child process: the floor. A bare Fastify + pg server that answers GET /api/customers with the
// fewest round trips the data needs: verify the same HS256 access token with jose (as the
// baseline), then ONE statement — the product's own page and count queries (captured from its
// statement log, see lib/floor.mjs) folded into one SELECT — and answer { total, customers }.
// Row-level security applies: it connects as the app role with `app.tenant_id` set for the session
// (the startup options), so the statement needs no set_config of its own. No session look-up, no
// transaction, no validation, no hooks: what is left is the floor any implementation pays.
//
// Environment: FLOOR_PLAN (JSON file written by the bench: { tenantId, routes: { url: { text,
// values } } }), FLOOR_DATABASE_URL (app role), FLOOR_POOL_SIZE, AUTH_JWT_SECRET,
// FLOOR_JWT_AUDIENCE, PORT, BENCH_SERVER_DIR.
import { readFileSync } from 'node:fs';
import { bearerClaims, serveUntilStopped } from './lib/bare-server.mjs';
import { importFromServer, serverDir } from './lib/server-package.mjs';

const dir = serverDir();
const Fastify = (await importFromServer(dir, 'fastify')).default;
const pg = (await importFromServer(dir, 'pg')).default;
const { jwtVerify } = await importFromServer(dir, 'jose');

const plan = JSON.parse(readFileSync(process.env.FLOOR_PLAN, 'utf8'));
const key = new TextEncoder().encode(process.env.AUTH_JWT_SECRET);
const audience = process.env.FLOOR_JWT_AUDIENCE || undefined;
if (!/^[0-9a-f-]{36}$/i.test(plan.tenantId ?? '')) throw new Error('FLOOR_PLAN にテナント ID がありません');

const pool = new pg.Pool({
  connectionString: process.env.FLOOR_DATABASE_URL,
  max: Number(process.env.FLOOR_POOL_SIZE ?? 10),
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  application_name: 'tsumiki-bench-floor',
  options: `-c app.tenant_id=${plan.tenantId}`,
});
pool.on('error', () => {});

const app = Fastify({ logger: false });

app.get('/api/customers', async (request, reply) => {
  if (!(await bearerClaims(request, reply, { jwtVerify, key, audience }))) return reply;
  const statement = plan.routes[request.url];
  if (!statement) return reply.code(404).send({ error: 'no statement for this URL' });
  const { rows } = await pool.query({
    text: statement.text,
    values: statement.values,
    queryMode: 'extended',
  });
  const total = rows.length > 0 ? Number(rows[0].total) : 0;
  const customers = [];
  for (const { total: _total, ...row } of rows) if (row.id !== null) customers.push(row);
  return { total, customers };
});

await serveUntilStopped(app, pool);
