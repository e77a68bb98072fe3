import { ConfigError, loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo';
import { startTsumiki } from './start';

const say = (message: string) => process.stdout.write(`${message}\n`);

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const server = await startTsumiki(config, { log: say });
  say(`Tsumiki を起動しました / Tsumiki is running: ${server.url}`);
  if (config.demo) {
    say(`デモ用アカウント / demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const user of Object.values(DEMO_USERS)) say(`  ${user.email}`);
  }
  if (!config.serveApp)
    say(
      '画面はビルドされていないため /api と /auth/v1 のみ提供します / the app is not built: serving /api and /auth/v1 only',
    );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      say('強制終了します / forced exit');
      process.exit(1);
    }
    stopping = true;
    say(`${signal} を受け取りました。停止しています… / stopping…`);
    server.close().then(
      () => {
        say('停止しました / stopped');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`停止中にエラーが発生しました / error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // The message says what went wrong and how to fix it, in Japanese; the stack is for developers
  // and only shows with LOG_LEVEL=debug (or trace).
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`起動できませんでした / failed to start:\n${message}\n`);
  if (error instanceof Error && error.cause) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    process.stderr.write(`原因 / cause: ${cause}\n`);
  }
  if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('詳しい情報は LOG_LEVEL=debug で起動すると表示されます。\n');
  process.exit(1);
});
