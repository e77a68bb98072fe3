// Child process: the product server (Tsumiki) on the bench database, through its programmatic API
// (startTsumiki + loadConfig, as dist/main.js does), configured by the environment the bench sets
// (DATABASE_URL, DATABASE_APP_URL, NODE_ENV=production, LOG_LEVEL=silent, …). Tells the parent its
// URL over IPC and stops cleanly on SIGTERM or when the parent goes away.
import { importServerApi, serverDir } from './lib/server-package.mjs';

const dir = serverDir();
const { loadConfig, startTsumiki } = await importServerApi(dir);

let server;
try {
  server = await startTsumiki(loadConfig());
} catch (error) {
  process.stderr.write(`Tsumiki を起動できませんでした: ${error?.stack ?? error}\n`);
  if (error?.cause) process.stderr.write(`原因: ${error.cause?.stack ?? error.cause}\n`);
  process.exit(1);
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
process.send?.({ ready: true, url: `http://127.0.0.1:${server.port}` });
