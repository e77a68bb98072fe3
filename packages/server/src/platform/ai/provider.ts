/**
 * The AI provider, once for the whole product. `openai-compatible` (OpenAI, Azure OpenAI, Ollama,
 * vLLM: base URL, key, model) goes through the official `openai` SDK; `offline`, the default, has
 * no model: callers answer by quoting and counting, never inventing. Configured by environment
 * (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_CHAT_MODEL, AI_EMBEDDING_MODEL, AI_TIMEOUT_MS, …).
 *
 * Modules do not call `chat` directly: they go through `tenantAi` (tenant-ai.ts), which applies
 * the tenant's daily budget, records usage and turns failures into EXT_001 / EXT_002.
 */
export interface AiProvider {
  readonly mode: 'openai' | 'offline';
  /** Null when no chat model is configured (offline). */
  readonly chat: ChatModel | null;
  /** Null when no embeddings model is configured. */
  readonly embeddings: EmbeddingModel | null;
  readonly limits: AiLimits;
}

export interface AiLimits {
  /** Tokens a tenant may spend per day (its own `tenants.ai_daily_token_limit` overrides it). */
  dailyTokensPerTenant: number;
  /** The most tokens one answer may have (a caller may ask for fewer). */
  maxOutputTokens: number;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text; parse and validate before use). */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ChatOptions {
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Ask for a JSON object as the answer (`response_format: json_object`). */
  json?: boolean;
}

export interface RunOptions extends ChatOptions {
  tools?: readonly ToolDefinition[];
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** What a streamed answer yields: text as it is written, the tool calls it asks for, its usage. */
export type ChatEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; calls: ToolCall[] }
  | { type: 'usage'; usage: TokenUsage };

export interface Completion {
  text: string;
  toolCalls: ToolCall[];
  /** Null when the server did not say (then the caller estimates). */
  usage: TokenUsage | null;
}

export interface ChatModel {
  complete(messages: readonly ChatMessage[], options?: RunOptions): Promise<Completion>;
  /** The answer as it is written; ends with `tool_calls` when the model asks for tools. */
  run(messages: readonly ChatMessage[], options?: RunOptions): AsyncIterable<ChatEvent>;
}

export interface EmbeddingModel {
  /** The model's name (stored with each vector, so a model change re-embeds). */
  readonly model: string;
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

/**
 * The provider could not answer after its retries: `unreachable` (no connection, timed out) or
 * `failed` (it answered with an error or with something unreadable).
 */
export class AiProviderError extends Error {
  readonly kind: 'unreachable' | 'failed';
  constructor(message: string, options?: { cause?: unknown; kind?: 'unreachable' | 'failed' }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiProviderError';
    this.kind = options?.kind ?? 'failed';
  }
}
