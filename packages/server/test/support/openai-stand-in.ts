/**
 * A local stand-in for an OpenAI-compatible server (never a real provider): POST
 * /v1/chat/completions (JSON, or `stream: true` as server-sent events ending with `data: [DONE]`)
 * and POST /v1/embeddings (deterministic vectors from hashed bigrams, so texts sharing words are
 * close: a stand-in for a model, not a model). Tests script it: what to answer, and how many
 * requests to fail first (HTTP 500 or a timeout that never answers).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
}

export interface StandInEmbeddingsRequest {
  model: string;
  input: string | string[];
}

export type StandInFailure = { kind: 'status'; status: number } | { kind: 'timeout' };

export interface OpenAiStandIn {
  /** Base URL for the SDK (`…/v1`). */
  readonly baseUrl: string;
  /** Every request that reached it, in order (failed ones too). */
  readonly requests: Array<{ path: string; body: StandInChatRequest | StandInEmbeddingsRequest }>;
  /** What the chat answers (the default repeats the last user message's first line). */
  answer: (request: StandInChatRequest) => string;
  /** The next `count` requests (of any kind) fail this way, then it answers again. */
  failNext(count: number, failure?: StandInFailure): void;
  chatRequests(): StandInChatRequest[];
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
  return user?.content.split('\n')[0] ?? '';
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const failures: StandInFailure[] = [];
  const requests: OpenAiStandIn['requests'] = [];
  const hanging = new Set<ServerResponse>();
  let sequence = 0;

  const standIn = {
    answer: (request: StandInChatRequest) => `了解しました: ${lastUserLine(request)}`,
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
        const text = standIn.answer(chat);
        const id = `chatcmpl-standin-${++sequence}`;
        const created = Math.floor(Date.now() / 1000);
        if (chat.stream) {
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          // A few pieces, as a model writes them.
          const pieces = text.match(/[\s\S]{1,8}/g) ?? [];
          const event = (delta: object, finish: string | null) =>
            `data: ${JSON.stringify({
              id,
              object: 'chat.completion.chunk',
              created,
              model: chat.model,
              choices: [{ index: 0, delta, finish_reason: finish }],
            })}\n\n`;
          response.write(event({ role: 'assistant', content: '' }, null));
          for (const piece of pieces) response.write(event({ content: piece }, null));
          response.write(event({}, 'stop'));
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
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
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
    failNext(count, failure = { kind: 'status', status: 500 }) {
      for (let index = 0; index < count; index++) failures.push(failure);
    },
    chatRequests() {
      return requests
        .filter((entry) => entry.path === '/v1/chat/completions')
        .map((entry) => entry.body as StandInChatRequest);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
