import { environmentReader } from '../env';
import type { AiLimits } from './provider';
/**
 * The AI provider's settings, read from the environment once at start-up:
 *
 * - AI_PROVIDER: `offline` (default: no model, answers by quoting) or `openai-compatible`
 *   (OpenAI, Azure OpenAI, Ollama, vLLM and anything else that speaks the OpenAI wire protocol).
 * - AI_BASE_URL: the API's base URL (e.g. http://localhost:11434/v1 for Ollama); OpenAI's own
 *   when absent.
 * - AI_API_KEY: the key (a local server without keys may leave it out when AI_BASE_URL is set).
 * - AI_CHAT_MODEL: the chat model (required with openai-compatible).
 * - AI_EMBEDDING_MODEL: the embeddings model (optional; without it retrieval uses BM25 bigrams).
 * - AI_TIMEOUT_MS (default 30000), AI_MAX_RETRIES (default 2): per request, as the SDK counts them.
 * - AI_TENANT_DAILY_TOKENS (default 200000): tokens one tenant may spend per day (its day, in its
 *   time zone); a tenant's own `tenants.ai_daily_token_limit` overrides it. Past it: AI_001.
 * - AI_MAX_OUTPUT_TOKENS (default 4000): the longest answer one call may write (a research
 *   report's JSON asks for 2,500).
 *
 * An invalid combination fails at start-up with a Japanese message naming the variable.
 */
export type AiConfig = OfflineAiConfig | OpenAiCompatibleConfig;

export interface OfflineAiConfig {
  provider: 'offline';
  limits: AiLimits;
}

export interface OpenAiCompatibleConfig {
  provider: 'openai-compatible';
  /** Null: the SDK's default (OpenAI). */
  baseUrl: string | null;
  /** Null: a local server that wants none. */
  apiKey: string | null;
  chatModel: string;
  embeddingModel: string | null;
  timeoutMs: number;
  maxRetries: number;
  limits: AiLimits;
}

export const DEFAULT_AI_TIMEOUT_MS = 30_000;
export const DEFAULT_AI_MAX_RETRIES = 2;
export const DEFAULT_AI_TENANT_DAILY_TOKENS = 200_000;
export const DEFAULT_AI_MAX_OUTPUT_TOKENS = 4_000;

export class AiConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`AI の設定に誤りがあります:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'AiConfigError';
  }
}

const MODEL_VARIABLES = ['AI_BASE_URL', 'AI_API_KEY', 'AI_CHAT_MODEL', 'AI_EMBEDDING_MODEL'] as const;

/** Every problem of the AI settings at once ([] when they are fine), and the settings. */
export function readAiConfig(env: NodeJS.ProcessEnv): { config: AiConfig; problems: string[] } {
  const problems: string[] = [];
  const { read, integer } = environmentReader(env, problems);

  const limits: AiLimits = {
    dailyTokensPerTenant: integer('AI_TENANT_DAILY_TOKENS', DEFAULT_AI_TENANT_DAILY_TOKENS, 0, 1_000_000_000),
    maxOutputTokens: integer('AI_MAX_OUTPUT_TOKENS', DEFAULT_AI_MAX_OUTPUT_TOKENS, 16, 100_000),
  };
  const provider = read('AI_PROVIDER') ?? 'offline';
  if (provider === 'offline') {
    for (const name of MODEL_VARIABLES) {
      if (read(name) !== undefined) {
        problems.push(
          `${name} は AI_PROVIDER=openai-compatible のときだけ使います（AI_PROVIDER が offline のため無効です）`,
        );
      }
    }
    return { config: { provider: 'offline', limits }, problems };
  }
  if (provider !== 'openai-compatible') {
    problems.push(`AI_PROVIDER は offline か openai-compatible のどちらかです（現在: "${provider}"）`);
    return { config: { provider: 'offline', limits }, problems };
  }

  let baseUrl: string | null = null;
  const rawBaseUrl = read('AI_BASE_URL');
  if (rawBaseUrl !== undefined) {
    try {
      const parsed = new URL(rawBaseUrl);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
      baseUrl = rawBaseUrl.replace(/\/+$/, '');
    } catch {
      problems.push(
        `AI_BASE_URL は http://localhost:11434/v1 のような URL で指定してください（現在: "${rawBaseUrl}"）`,
      );
    }
  }
  const apiKey = read('AI_API_KEY') ?? null;
  if (apiKey === null && rawBaseUrl === undefined) {
    problems.push(
      'AI_API_KEY を指定してください（キーの要らないローカルのサーバーなら AI_BASE_URL を指定します）',
    );
  }
  const chatModel = read('AI_CHAT_MODEL');
  if (chatModel === undefined) {
    problems.push('AI_CHAT_MODEL（チャットに使うモデル名）を指定してください');
  }
  const config: OpenAiCompatibleConfig = {
    provider: 'openai-compatible',
    baseUrl,
    apiKey,
    chatModel: chatModel ?? '',
    embeddingModel: read('AI_EMBEDDING_MODEL') ?? null,
    timeoutMs: integer('AI_TIMEOUT_MS', DEFAULT_AI_TIMEOUT_MS, 100, 600_000),
    maxRetries: integer('AI_MAX_RETRIES', DEFAULT_AI_MAX_RETRIES, 0, 10),
    limits,
  };
  return { config, problems };
}

/** The AI settings of `env`; throws an AiConfigError naming every wrong variable. */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const { config, problems } = readAiConfig(env);
  if (problems.length > 0) throw new AiConfigError(problems);
  return config;
}
