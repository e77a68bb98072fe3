/**
 * A local stand-in for an OpenAI-compatible server (never a real provider): POST
 * /v1/chat/completions (JSON, or `stream: true` as server-sent events ending with `data: [DONE]`,
 * tool calls streamed as the protocol streams them, usage in the last chunk when
 * `stream_options.include_usage`) and POST /v1/embeddings (deterministic vectors from hashed
 * bigrams, so texts sharing words are close: a stand-in for a model, not a model). Tests script
 * it: what to answer (text, or tool calls), how slowly to stream, and how many requests to fail
 * first (HTTP 500 or a timeout that never answers). It records how each streamed answer ended, so a
 * test can see a client give up on one before its last piece.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInChatRequest {
  model: string;
  messages: Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  temperature?: number;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
  response_format?: { type: string };
}

/** A scripted answer: text, or tool calls the client is to run (then it asks again). */
export type StandInReply =
  | string
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };

export interface StandInEmbeddingsRequest {
  model: string;
  input: string | string[];
}

export type StandInFailure = { kind: 'status'; status: number } | { kind: 'timeout' };

/** How a streamed answer ended: all of it sent, or its connection closed by the client before. */
export type StandInStreamEnd = 'finished' | 'closed-early';

export interface OpenAiStandIn {
  /** Base URL for the SDK (`…/v1`). */
  readonly baseUrl: string;
  /** Every request that reached it, in order (failed ones too). */
  readonly requests: Array<{ path: string; body: StandInChatRequest | StandInEmbeddingsRequest }>;
  /** What the chat answers (the default repeats the last user message's first line). */
  answer: (request: StandInChatRequest) => StandInReply;
  /** Milliseconds between streamed pieces (0 by default), so a page can be seen to stream. */
  streamDelayMs: number;
  /**
   * Holds every streamed answer after this many pieces until `releaseStreams()` (null, the default:
   * no hold), so that a test sees a half-written answer however slow the machine is.
   */
  holdStreamsAfter: number | null;
  releaseStreams(): void;
  /** The next `count` requests (of any kind) fail this way, then it answers again. */
  failNext(count: number, failure?: StandInFailure): void;
  chatRequests(): StandInChatRequest[];
  /** How each streamed chat answer ended, in the order they ended. */
  readonly streamEnds: StandInStreamEnd[];
  /** Resolves once `streamEnds` holds `count` entries (with them). */
  streamsEnded(count: number): Promise<StandInStreamEnd[]>;
  close(): Promise<void>;
}

export const STAND_IN_EMBEDDING_DIMENSIONS = 256;

/** Width/case/kana folding enough for the hashing (the server's own folding is not needed here). */
function foldForHashing(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60))
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/**
 * The stand-in's "embedding": counts of hashed character bigrams in 256 buckets, unit length.
 * Texts that share words share buckets, so cosine behaves like a bag-of-bigrams similarity.
 */
export function hashingEmbedding(text: string, dimensions = STAND_IN_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const chars = [...foldForHashing(text)];
  for (let index = 0; index + 1 < chars.length; index++) {
    const digest = createHash('md5')
      .update(`${chars[index]}${chars[index + 1]}`)
      .digest();
    const bucket = digest.readUInt32LE(0) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function lastUserLine(request: StandInChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  return user?.content?.split('\n')[0] ?? '';
}

/** A rough token count (about two characters of Japanese per token), as a provider reports it. */
function tokens(text: string): number {
  return Math.ceil([...text].length / 2);
}

function usageOf(request: StandInChatRequest, answer: string) {
  const prompt = request.messages.reduce(
    (sum, message) =>
      sum +
      tokens(message.content ?? '') +
      (message.tool_calls ? tokens(JSON.stringify(message.tool_calls)) : 0),
    0,
  );
  const completion = tokens(answer);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const failures: StandInFailure[] = [];
  const requests: OpenAiStandIn['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const streamEnds: StandInStreamEnd[] = [];
  const streamEndWaiters: Array<{ count: number; resolve: (ends: StandInStreamEnd[]) => void }> = [];
  const recordStreamEnd = (end: StandInStreamEnd) => {
    streamEnds.push(end);
    for (const waiter of [...streamEndWaiters]) {
      if (streamEnds.length < waiter.count) continue;
      streamEndWaiters.splice(streamEndWaiters.indexOf(waiter), 1);
      waiter.resolve([...streamEnds]);
    }
  };
  let sequence = 0;
  let heldStreams: Array<() => void> = [];

  const standIn = {
    answer: (request: StandInChatRequest): StandInReply => `了解しました: ${lastUserLine(request)}`,
    streamDelayMs: 0,
    holdStreamsAfter: null as number | null,
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '';
      const body = (await readJson(request)) as StandInChatRequest | StandInEmbeddingsRequest;
      requests.push({ path, body });
      const failure = failures.shift();
      if (failure?.kind === 'timeout') {
        // Never answers: the client's timeout has to end it.
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (failure?.kind === 'status') {
        response.writeHead(failure.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'stand-in failure', type: 'server_error' } }));
        return;
      }
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        const chat = body as StandInChatRequest;
        const reply = standIn.answer(chat);
        const text = typeof reply === 'string' ? reply : '';
        const toolCalls =
          typeof reply === 'string'
            ? []
            : reply.toolCalls.map((call, index) => ({
                id: `call_${sequence + 1}_${index}`,
                type: 'function' as const,
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              }));
        const finish = toolCalls.length > 0 ? 'tool_calls' : 'stop';
        const usage = usageOf(chat, text + toolCalls.map((call) => call.function.arguments).join(''));
        const id = `chatcmpl-standin-${++sequence}`;
        const created = Math.floor(Date.now() / 1000);
        if (chat.stream) {
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          // Closed before end() was called: the client went away in the middle of the answer.
          response.on('close', () => recordStreamEnd(response.writableEnded ? 'finished' : 'closed-early'));
          const chunk = (choices: object[], extra: object = {}) =>
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: chat.model, choices, ...extra })}\n\n`;
          const event = (delta: object, finishReason: string | null) =>
            chunk([{ index: 0, delta, finish_reason: finishReason }]);
          response.write(event({ role: 'assistant', content: '' }, null));
          // A few pieces, as a model writes them.
          for (const [index, piece] of (text.match(/[\s\S]{1,8}/g) ?? []).entries()) {
            if (index > 0 && index === standIn.holdStreamsAfter) {
              await new Promise<void>((resolve) => heldStreams.push(resolve));
            }
            if (standIn.streamDelayMs > 0) await pause(standIn.streamDelayMs);
            if (response.destroyed) return;
            response.write(event({ content: piece }, null));
          }
          // Tool calls arrive as the protocol sends them: id and name first, arguments in pieces.
          toolCalls.forEach((call, index) => {
            response.write(
              event(
                {
                  tool_calls: [
                    {
                      index,
                      id: call.id,
                      type: 'function',
                      function: { name: call.function.name, arguments: '' },
                    },
                  ],
                },
                null,
              ),
            );
            for (const piece of call.function.arguments.match(/[\s\S]{1,10}/g) ?? []) {
              response.write(event({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
            }
          });
          response.write(event({}, finish));
          if (chat.stream_options?.include_usage) response.write(chunk([], { usage }));
          response.end('data: [DONE]\n\n');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: chat.model,
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: toolCalls.length > 0 ? null : text,
                  ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
                },
                finish_reason: finish,
              },
            ],
            usage,
          }),
        );
        return;
      }
      if (request.method === 'POST' && path === '/v1/embeddings') {
        const embeddings = body as StandInEmbeddingsRequest;
        const inputs = Array.isArray(embeddings.input) ? embeddings.input : [embeddings.input];
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            model: embeddings.model,
            data: inputs.map((input, index) => ({
              object: 'embedding',
              index,
              embedding: hashingEmbedding(input),
            })),
            usage: { prompt_tokens: 0, total_tokens: 0 },
          }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
    })().catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get answer() {
      return standIn.answer;
    },
    set answer(value) {
      standIn.answer = value;
    },
    get streamDelayMs() {
      return standIn.streamDelayMs;
    },
    set streamDelayMs(value) {
      standIn.streamDelayMs = value;
    },
    get holdStreamsAfter() {
      return standIn.holdStreamsAfter;
    },
    set holdStreamsAfter(value) {
      standIn.holdStreamsAfter = value;
    },
    releaseStreams() {
      standIn.holdStreamsAfter = null;
      const held = heldStreams;
      heldStreams = [];
      for (const resolve of held) resolve();
    },
    failNext(count, failure = { kind: 'status', status: 500 }) {
      for (let index = 0; index < count; index++) failures.push(failure);
    },
    chatRequests() {
      return requests
        .filter((entry) => entry.path === '/v1/chat/completions')
        .map((entry) => entry.body as StandInChatRequest);
    },
    streamEnds,
    streamsEnded(count) {
      if (streamEnds.length >= count) return Promise.resolve([...streamEnds]);
      return new Promise((resolve) => streamEndWaiters.push({ count, resolve }));
    },
    async close() {
      for (const resolve of heldStreams) resolve();
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
