/**
 * The AI provider, once for the whole product. `openai-compatible` (OpenAI, Azure OpenAI, Ollama,
 * vLLM: base URL, key, model) goes through the official `openai` SDK; `offline`, the default, has
 * no model: callers answer by quoting and counting, never inventing. Configured by environment
 * (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_CHAT_MODEL, AI_EMBEDDING_MODEL, AI_TIMEOUT_MS).
 */
export interface AiProvider {
  readonly mode: 'openai' | 'offline';
  /** Null when no chat model is configured (offline). */
  readonly chat: ChatModel | null;
  /** Null when no embeddings model is configured. */
  readonly embeddings: EmbeddingModel | null;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface ChatModel {
  complete(messages: readonly ChatMessage[], options?: ChatOptions): Promise<string>;
  /** Yields the answer's text as it is written. */
  stream(messages: readonly ChatMessage[], options?: ChatOptions): AsyncIterable<string>;
}

export interface EmbeddingModel {
  /** The model's name (stored with each vector, so a model change re-embeds). */
  readonly model: string;
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

/** The provider could not answer (timeout, refused, bad response) after its retries. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
