import OpenAI, { APIUserAbortError } from 'openai';
import type { OpenAiCompatibleConfig } from './config';
import {
  type AiProvider,
  AiProviderError,
  type ChatMessage,
  type ChatModel,
  type ChatOptions,
  type EmbeddingModel,
} from './provider';

/** Texts per embeddings request (OpenAI takes up to 2,048; local servers prefer fewer). */
export const EMBEDDING_BATCH_SIZE = 64;

/** Why the provider failed, in Japanese for the log (the user sees AI_001 or the offline answer). */
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
  return new AiProviderError(describe(error), { cause: error });
}

/**
 * The `openai-compatible` provider through the official SDK: the SDK retries connection errors,
 * timeouts, 408/409/429 and 5xx (`maxRetries`, with backoff) and times each attempt out
 * (`timeout`); what still fails becomes an AiProviderError.
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
  const request = (messages: readonly ChatMessage[], options: ChatOptions | undefined) => ({
    model: config.chatModel,
    messages: messages.map((message) => ({ role: message.role, content: message.content })),
    ...(options?.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
    ...(options?.temperature !== undefined ? { temperature: options.temperature } : {}),
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
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new AiProviderError('AI サービスの応答に本文がありませんでした');
      return content;
    },

    async *stream(messages, options) {
      try {
        const stream = await client.chat.completions.create(
          { ...request(messages, options), stream: true },
          options?.signal ? { signal: options.signal } : undefined,
        );
        for await (const chunk of stream) {
          const delta = chunk.choices?.[0]?.delta?.content;
          if (delta) yield delta;
        }
      } catch (error) {
        throw providerError(error);
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

  return { mode: 'openai', chat, embeddings };
}
