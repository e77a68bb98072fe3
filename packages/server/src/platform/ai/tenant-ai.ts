import { sql } from 'kysely';
import type { TenantTransaction } from '../db/tenant-scope';
import { AppError } from '../errors';
import {
  type AiProvider,
  AiProviderError,
  type ChatEvent,
  type ChatMessage,
  type ChatOptions,
  type RunOptions,
  type TokenUsage,
} from './provider';

/** Runs work in its own short tenant-scoped transaction (DeferredTenantRequestContext.inTenant). */
export type InTenant = <T>(work: (tx: TenantTransaction) => Promise<T>) => Promise<T>;

/** What a tenant's streamed answer yields (usage is counted here, not passed on). */
export type TenantChatEvent = Exclude<ChatEvent, { type: 'usage' }>;

export interface TenantChat {
  /** The model's text answer (EXT_002 when it wrote none). */
  complete(messages: readonly ChatMessage[], options?: ChatOptions): Promise<string>;
  /** The answer as it is written; ends with `tool_calls` when the model asks for tools. */
  run(messages: readonly ChatMessage[], options?: RunOptions): AsyncIterable<TenantChatEvent>;
}

export interface TenantAi {
  readonly mode: 'openai' | 'offline';
  /** Null offline: answer from the tenant's data alone. */
  readonly chat: TenantChat | null;
}

/** The failures an AI feature may answer offline instead (saying so): budget, provider down or wrong. */
export function isAiFailure(error: unknown): error is AppError {
  return error instanceof AppError && ['AI_001', 'EXT_001', 'EXT_002'].includes(error.code);
}

/** Roughly two characters of Japanese per token: for servers that do not report usage. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 2);
}

function estimateUsage(messages: readonly ChatMessage[], answer: string): TokenUsage {
  return {
    promptTokens: messages.reduce((sum, message) => sum + estimateTokens(message.content), 0),
    completionTokens: estimateTokens(answer),
  };
}

/** The provider's failure as the API's envelope: EXT_001 unreachable, EXT_002 a wrong answer. */
function asAppError(error: unknown): unknown {
  if (!(error instanceof AiProviderError)) return error;
  return new AppError(error.kind === 'unreachable' ? 'EXT_001' : 'EXT_002', {
    cause: error,
    context: { reason: error.message },
  });
}

interface Budget {
  limit: number;
  used: number;
}

async function readBudget(tx: TenantTransaction, defaultLimit: number): Promise<Budget> {
  const row = await sql<{ limit: number; used: string }>`
    select coalesce(t.ai_daily_token_limit, ${defaultLimit})::int as limit,
           coalesce((select u.prompt_tokens + u.completion_tokens from ai_usage u
                     where u.tenant_id = t.id and u.day = (now() at time zone t.time_zone)::date), 0) as used
    from tenants t where t.id = ${tx.tenantId}`.execute(tx);
  const found = row.rows[0];
  return { limit: found?.limit ?? defaultLimit, used: Number(found?.used ?? 0) };
}

async function recordUsage(tx: TenantTransaction, usage: TokenUsage): Promise<void> {
  await sql`
    insert into ai_usage (tenant_id, day, calls, prompt_tokens, completion_tokens)
    select t.id, (now() at time zone t.time_zone)::date, 1, ${usage.promptTokens}, ${usage.completionTokens}
    from tenants t where t.id = ${tx.tenantId}
    on conflict (tenant_id, day) do update set
      calls = ai_usage.calls + 1,
      prompt_tokens = ai_usage.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = ai_usage.completion_tokens + excluded.completion_tokens,
      updated_at = now()`.execute(tx);
}

/**
 * The AI provider as one tenant may use it: every call first checks the tenant's daily token
 * budget (AI_001 once it is spent; concurrent calls may overrun it by one answer each), then runs
 * with the provider's timeout, retries and answer-length cap, records the tokens it used (as the
 * server reports them, else estimated), and turns a provider failure into EXT_001 / EXT_002.
 * Budget reads and usage writes are their own short transactions: nothing waits on the model
 * while holding a connection.
 */
export function tenantAi(ai: AiProvider, inTenant: InTenant): TenantAi {
  const model = ai.chat;
  if (!model) return { mode: 'offline', chat: null };
  const defaultLimit = ai.limits.dailyTokensPerTenant;

  const checkBudget = async () => {
    const budget = await inTenant((tx) => readBudget(tx, defaultLimit));
    if (budget.used >= budget.limit) {
      throw new AppError('AI_001', { context: { limit_tokens: budget.limit, used_tokens: budget.used } });
    }
  };
  const record = (usage: TokenUsage) => inTenant((tx) => recordUsage(tx, usage));

  return {
    mode: 'openai',
    chat: {
      async complete(messages, options) {
        await checkBudget();
        let text: string;
        try {
          const completion = await model.complete(messages, options);
          text = completion.text;
          await record(completion.usage ?? estimateUsage(messages, text));
        } catch (error) {
          throw asAppError(error);
        }
        if (text.trim() === '') {
          throw new AppError('EXT_002', { context: { reason: 'AI サービスの応答に本文がありませんでした' } });
        }
        return text;
      },

      async *run(messages, options) {
        await checkBudget();
        let reported: TokenUsage | null = null;
        let written = '';
        try {
          for await (const event of model.run(messages, options)) {
            if (event.type === 'usage') {
              reported = event.usage;
              continue;
            }
            if (event.type === 'text') written += event.text;
            else written += event.calls.map((call) => call.arguments).join('');
            yield event;
          }
        } catch (error) {
          throw asAppError(error);
        } finally {
          // Counted when the provider answered, even if the caller stopped early or the stream
          // broke afterwards: those tokens were spent. A call that never reached the model (down,
          // timed out) costs nothing. A failure to count is logged, never hides the answer's error.
          if (reported !== null || written !== '') {
            await record(reported ?? estimateUsage(messages, written)).catch((error: unknown) => {
              console.error('AI の使用量を記録できませんでした', error);
            });
          }
        }
      },
    },
  };
}
