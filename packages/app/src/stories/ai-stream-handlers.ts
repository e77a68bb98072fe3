import type { components } from '@tsumiki/api-client';
import { delay, type HttpHandler, http } from 'msw';
import { DEMO_CUSTOMERS } from './demo-records';
import { mswPath } from './typed-handler';

type ChatReply = components['schemas']['ChatReply'];
type AiProgress = components['schemas']['AiProgress'];

const customer = DEMO_CUSTOMERS[0]!;

/** The demo answer of the assistant, in the offline mode (counts and quotes from the tenant's data). */
export const ASSISTANT_REPLY: ChatReply = {
  id: '00000013-0000-4000-8000-000000000001',
  role: 'assistant',
  content: `今月の対応は 10 件 です。いちばん新しいのは ${customer.last_name} ${customer.first_name}様の「予約変更の連絡」です [1]。`,
  mode: 'offline',
  sources: [
    {
      type: 'customer',
      id: customer.id,
      title: `${customer.last_name} ${customer.first_name}`,
      excerpt: '来週火曜10時の予約を木曜15時に変更したいとの電話。',
      url: `/customers/${customer.id}`,
    },
  ],
  created_at: '2026-11-20T00:50:00.000Z',
};

const STEPS: AiProgress[] = [
  { step: 'retrieve', label: '登録データを検索しています', status: 'done' },
  { step: 'compose', label: '回答を作成しています', status: 'running' },
];

function block(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * An AI operation answered as server-sent events (stream=true), as the server sends them:
 * progress, the text in pieces, then the result. `finish: false` holds the stream after the
 * first pieces — the answer mid-stream. The result is typed by the contract.
 */
export function aiStreamHandler(
  path: '/api/chat' | '/api/aiassistant/',
  reply: ChatReply,
  { finish }: { finish: boolean },
): HttpHandler {
  return http.post(`*${mswPath(path)}`, () => {
    const encoder = new TextEncoder();
    const pieces = Array.from(reply.content.matchAll(/.{1,12}/gsu), (match) => match[0]);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const step of STEPS) controller.enqueue(encoder.encode(block('progress', step)));
        const shown = finish ? pieces : pieces.slice(0, Math.ceil(pieces.length / 2));
        for (const text of shown) {
          await delay(30);
          controller.enqueue(encoder.encode(block('delta', { text })));
        }
        if (!finish) return; // held open: the answer stays mid-stream
        controller.enqueue(encoder.encode(block('progress', { ...STEPS[1]!, status: 'done' })));
        controller.enqueue(encoder.encode(block('result', reply)));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
}
