// `pnpm start`: build what is missing or stale, then serve the app, /api and /auth/v1 on one port.
//
// This is the README's quick start: the production build, on 127.0.0.1, with the demo tenants in an
// empty database so that a newcomer can sign in at once. A real deployment says so by setting
// NODE_ENV=production itself: then nothing is seeded unless TSUMIKI_DEMO=1 asks for it, and the
// server listens where HOST says (127.0.0.1 by default).
import { buildIfStale } from './build-if-stale.mjs';
import { root, run } from './lib.mjs';

const quickStart = process.env.NODE_ENV === undefined;
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  ...(quickStart ? { TSUMIKI_DEMO: process.env.TSUMIKI_DEMO ?? '1' } : {}),
};

const code = await buildIfStale();
if (code !== 0) process.exit(code);
process.exit(await run(process.execPath, ['packages/server/dist/main.js'], { env, cwd: root }));
