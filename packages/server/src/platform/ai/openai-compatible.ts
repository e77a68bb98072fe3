import OpenAI, { APIUserAbortError } from 'openai';
import type { OpenAiCompatibleConfig } from './config';
import {
  type AiProvider,
  AiProviderError,
  type ChatMessage,
  type ChatModel,
  type EmbeddingModel,
  type RunOptions,
  type TokenUsage,
  type ToolCall,
} from './provider';

/** Texts per embeddings request (OpenAI takes up to 2,048; local servers prefer fewer). */
export const EMBEDDING_BATCH_SIZE = 64;

/** Why the provider failed, in Japanese for the log (the user sees EXT_001/EXT_002 or an offline answer). */
function describe(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'AI サービスの応答が時間内にありませんでした';
  if (error instanceof OpenAI.APIConnectionError) return 'AI サービスに接続できませんでした';
  if (error instanceof OpenAI.APIError)
    return `AI サービスがエラーを返しました（HTTP ${error.status ?? '不明'}）`;
  return 'AI サービスの応答を読み取れませんでした';
}

function providerError(error: unknown): Error {
  // The caller's own abort is not the provider's failure: pass it on as it is.
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof AiProviderError) return error;
  const unreachable =
    error instanceof OpenAI.APIConnectionError || error instanceof OpenAI.APIConnectionTimeoutError;
  return new AiProviderError(describe(error), { cause: error, kind: unreachable ? 'unreachable' : 'failed' });
}

type WireMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

function toWire(message: ChatMessage): WireMessage {
  if (message.role === 'tool') {
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role: message.role, content: message.content };
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): TokenUsage | null {
  if (!usage) return null;
  return { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 };
}

/**
 * The `openai-compatible` provider through the official SDK: the SDK retries connection errors,
 * timeouts, 408/409/429 and 5xx (`maxRetries`, with backoff) and times each attempt out
 * (`timeout`); what still fails becomes an AiProviderError (`unreachable` or `failed`).
 */
export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): AiProvider {
  const client = new OpenAI({
    // The SDK insists on a key; local servers without keys ignore whatever comes.
    apiKey: config.apiKey ?? 'not-needed',
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });

  // max_tokens (not max_completion_tokens): what Ollama, vLLM and Azure's older deployments read.
  const request = (messages: readonly ChatMessage[], options: RunOptions | undefined) => ({
    model: config.chatModel,
    messages: messages.map(toWire),
    max_tokens: Math.min(options?.maxTokens ?? config.limits.maxOutputTokens, config.limits.maxOutputTokens),
    ...(options?.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options?.json ? { response_format: { type: 'json_object' as const } } : {}),
    ...(options?.tools && options.tools.length > 0
      ? {
          tools: options.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
        }
      : {}),
  });

  const chat: ChatModel = {
    async complete(messages, options) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          { ...request(messages, options), stream: false },
          options?.signal ? { signal: options.signal } : undefined,
        );
      } catch (error) {
        throw providerError(error);
      }
      const message = completion.choices?.[0]?.message;
      const toolCalls: ToolCall[] = (message?.tool_calls ?? []).flatMap((call) =>
        call.type === 'function'
          ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }]
          : [],
      );
      const content = message?.content;
      if (typeof content !== 'string' && toolCalls.length === 0) {
        throw new AiProviderError('AI サービスの応答に本文がありませんでした');
      }
      return { text: content ?? '', toolCalls, usage: usageOf(completion.usage) };
    },

    async *run(messages, options) {
      // Tool calls arrive in pieces by index: id and name first, the arguments' text after.
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      try {
        const stream = await client.chat.completions.create(
          { ...request(messages, options), stream: true, stream_options: { include_usage: true } },
          options?.signal ? { signal: options.signal } : undefined,
        );
        for await (const chunk of stream) {
          const usage = usageOf(chunk.usage);
          if (usage) yield { type: 'usage', usage };
          const delta = chunk.choices?.[0]?.delta;
          if (delta?.content) yield { type: 'text', text: delta.content };
          for (const piece of delta?.tool_calls ?? []) {
            const call = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
            if (piece.id) call.id = piece.id;
            if (piece.function?.name) call.name += piece.function.name;
            if (piece.function?.arguments) call.arguments += piece.function.arguments;
            calls.set(piece.index, call);
          }
        }
      } catch (error) {
        throw providerError(error);
      }
      if (calls.size > 0) {
        const ordered = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
        if (ordered.some((call) => !call.name)) {
          throw new AiProviderError('AI サービスのツール呼び出しに名前がありませんでした');
        }
        yield {
          type: 'tool_calls',
          calls: ordered.map((call, index) => ({ ...call, id: call.id || `call_${index}` })),
        };
      }
    },
  };

  const embeddingModel = config.embeddingModel;
  const embeddings: EmbeddingModel | null = embeddingModel
    ? {
        model: embeddingModel,
        async embed(texts, options) {
          const vectors: number[][] = [];
          for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
            const batch = texts.slice(start, start + EMBEDDING_BATCH_SIZE);
            let response: OpenAI.Embeddings.CreateEmbeddingResponse;
            try {
              response = await client.embeddings.create(
                { model: embeddingModel, input: [...batch], encoding_format: 'float' },
                options?.signal ? { signal: options.signal } : undefined,
              );
            } catch (error) {
              throw providerError(error);
            }
            const byIndex = [...response.data].sort((a, b) => a.index - b.index);
            if (byIndex.length !== batch.length || byIndex.some((item) => !Array.isArray(item.embedding))) {
              throw new AiProviderError('AI サービスの埋め込みの数が送った文の数と合いません');
            }
            for (const item of byIndex) vectors.push(item.embedding);
          }
          return vectors;
        },
      }
    : null;

  return { mode: 'openai', chat, embeddings, limits: config.limits };
}
