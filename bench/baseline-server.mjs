// Child process: the baseline. A bare Fastify + pg server that does, for GET /api/customers, only
// what the product cannot avoid: verify the same HS256 access token with jose, then replay the SQL
// statements the product server ran for the same request (captured from PostgreSQL's statement
// log, BEGIN/COMMIT included, with the same parameters, on the same role and a pool of the same
// size), and answer the page as JSON. No validation, no hooks, no logging, no plugins.
//
// Environment: BASELINE_PLAN (JSON file written by the bench), BASELINE_DATABASE_URL (app role),
// BASELINE_POOL_SIZE, AUTH_JWT_SECRET, BASELINE_JWT_AUDIENCE, PORT, BENCH_SERVER_DIR.
import { readFileSync } from 'node:fs';
import { bearerClaims, serveUntilStopped } from './lib/bare-server.mjs';
import { importFromServer, serverDir } from './lib/server-package.mjs';

const dir = serverDir();
const Fastify = (await importFromServer(dir, 'fastify')).default;
const pg = (await importFromServer(dir, 'pg')).default;
const { jwtVerify } = await importFromServer(dir, 'jose');

const plan = JSON.parse(readFileSync(process.env.BASELINE_PLAN, 'utf8'));
const key = new TextEncoder().encode(process.env.AUTH_JWT_SECRET);
const audience = process.env.BASELINE_JWT_AUDIENCE || undefined;

const pool = new pg.Pool({
  connectionString: process.env.BASELINE_DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  application_name: 'tsumiki-bench-baseline',
});
pool.on('error', () => {});

// Prepared once: each statement's text, protocol, and parameters (fixed strings, or the name of a
// claim of the verified token, e.g. the user id and the session id).
const routes = new Map(
  Object.entries(plan.routes).map(([url, route]) => [
    url,
    route.units.map((unit) => ({
      transaction: unit.transaction,
      statements: unit.statements.map((statement) => ({
        text: statement.text,
        simple: statement.protocol === 'simple',
        values: statement.values ?? [],
        usesClaims: (statement.values ?? []).some((value) => value !== null && typeof value === 'object'),
      })),
    })),
  ]),
);

function queryConfig(statement, claims) {
  if (statement.simple) return statement.text;
  const values = statement.usesClaims
    ? statement.values.map((value) =>
        value !== null && typeof value === 'object' ? claims[value.claim] : value,
      )
    : statement.values;
  return { text: statement.text, values, queryMode: 'extended' };
}

async function run(units, claims) {
  const results = [];
  for (const unit of units) {
    if (!unit.transaction) {
      for (const statement of unit.statements) results.push(await pool.query(queryConfig(statement, claims)));
      continue;
    }
    const client = await pool.connect();
    try {
      for (const statement of unit.statements)
        results.push(await client.query(queryConfig(statement, claims)));
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
      throw error;
    }
  }
  return results;
}

/**
 * { total, customers }: the count (one row, one number) and the page among the results. A
 * multi-statement simple query (the product's read batch) answers an array of results: they are
 * flattened first. The page is the last result of five or more columns: the access-context row
 * comes before it (it has as many columns, so "the widest" would pick the user instead).
 */
function body(nested) {
  const results = nested.flat();
  let total = null;
  let page = [];
  for (const result of results) {
    if (!result?.fields || result.fields.length === 0) continue;
    const names = result.fields.map((field) => field.name);
    if (names.length === 1 && result.rows.length === 1 && Number.isFinite(Number(result.rows[0][names[0]]))) {
      total = Number(result.rows[0][names[0]]);
    } else if (names.length >= 5) {
      page = result.rows;
      if (total === null && page.length > 0 && 'total' in page[0]) total = Number(page[0].total);
    }
  }
  return { total: total ?? page.length, customers: page };
}

const app = Fastify({ logger: false });

app.get('/api/customers', async (request, reply) => {
  const claims = await bearerClaims(request, reply, { jwtVerify, key, audience });
  if (!claims) return reply;
  const units = routes.get(request.url);
  if (!units) return reply.code(404).send({ error: 'no captured statements for this URL' });
  return body(await run(units, claims));
});

await serveUntilStopped(app, pool);
