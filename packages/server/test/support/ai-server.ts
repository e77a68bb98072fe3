/**
 * A test server whose AI provider is the local OpenAI stand-in (openai-stand-in.ts): starts the
 * stand-in, then createTestServer with `config.ai` pointing at it, and closes both with one call.
 * The settings a test cares about (timeout, retries, embedding model, limits) can be overridden;
 * `env` sets process environment variables while the server is built, kept until close and then
 * put back as they were.
 */
import type { AiLimits } from '../../src/platform/ai/provider';
import { type OpenAiStandIn, startOpenAiStandIn } from './openai-stand-in';
import { createTestServer, type TestServer } from './server';

export interface AiTestServerOptions {
  /** Per request, as the SDK counts it (2,000 ms unless given). */
  timeoutMs?: number;
  /** Retries after a failed request (1 unless given). */
  maxRetries?: number;
  /** Null (the default): no embedding model, retrieval by BM25. */
  embeddingModel?: string | null;
  /** Over the defaults: 200,000 tokens a tenant a day, 4,000 tokens an answer. */
  limits?: Partial<AiLimits>;
  /** Environment variables set before the server is built, restored on close. */
  env?: Record<string, string>;
  /** The rest of createTestServer's options (config without `ai`, a shared database, a clock …). */
  server?: Parameters<typeof createTestServer>[0];
}

export interface AiTestServer {
  server: TestServer;
  standIn: OpenAiStandIn;
  /** Closes the server, then the stand-in, then restores the environment. */
  close(): Promise<void>;
}

export async function startAiTestServer(options: AiTestServerOptions = {}): Promise<AiTestServer> {
  const previousEnv = new Map<string, string | undefined>();
  const restoreEnv = () => {
    for (const [name, value] of previousEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    previousEnv.clear();
  };
  const standIn = await startOpenAiStandIn();
  let server: TestServer;
  try {
    for (const [name, value] of Object.entries(options.env ?? {})) {
      previousEnv.set(name, process.env[name]);
      process.env[name] = value;
    }
    server = await createTestServer({
      ...options.server,
      config: {
        ...options.server?.config,
        ai: {
          provider: 'openai-compatible',
          baseUrl: standIn.baseUrl,
          apiKey: 'sk-stand-in',
          chatModel: 'stand-in-chat',
          embeddingModel: options.embeddingModel ?? null,
          timeoutMs: options.timeoutMs ?? 2_000,
          maxRetries: options.maxRetries ?? 1,
          limits: { dailyTokensPerTenant: 200_000, maxOutputTokens: 4_000, ...options.limits },
        },
      },
    });
  } catch (error) {
    await standIn.close();
    restoreEnv();
    throw error;
  }
  return {
    server,
    standIn,
    async close() {
      try {
        await server.close();
        await standIn.close();
      } finally {
        restoreEnv();
      }
    },
  };
}
