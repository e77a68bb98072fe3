#!/usr/bin/env node
// pnpm bench: the benches in turn, each with the same arguments (--quick, --verbose, --help):
// the customer list's speed (run.mjs, also `pnpm bench:customers`), then what the access log costs
// the customer detail read (access-log/run.mjs, also `pnpm bench:access-log`), then the knowledge base's
// retrieval quality, indexing throughput and search latency (retrieval/run.mjs, also
// `pnpm bench:retrieval`), then the time to render a research report as PDF
// (research-pdf/run.mjs), then every AI operation offline on the demo data (ai-offline/run.mjs),
// then the advertising check's precision and recall on its corpus (advertising/run.mjs, also
// `pnpm bench:advertising`), then the customers CSV import of 10,000 and 100,000 Shift_JIS rows
// (import/run.mjs, also `pnpm bench:import`).
// Stops at the first that fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const script of [
  'run.mjs',
  join('access-log', 'run.mjs'),
  join('retrieval', 'run.mjs'),
  join('research-pdf', 'run.mjs'),
  join('ai-offline', 'run.mjs'),
  join('advertising', 'run.mjs'),
  join('import', 'run.mjs'),
]) {
  const result = spawnSync(process.execPath, [join(here, script), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
