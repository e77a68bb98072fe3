// `pnpm start`: build what is missing or stale, then serve the app, /api and /auth/v1 on one port.
import { buildIfStale } from './build-if-stale.mjs';
import { root, run } from './lib.mjs';

const code = await buildIfStale();
if (code !== 0) process.exit(code);
process.exit(
  await run(process.execPath, ['packages/server/dist/main.js'], {
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    cwd: root,
  }),
);
