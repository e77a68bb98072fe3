/**
 * The AI provider against the local stand-in of the OpenAI wire protocol (never a real provider):
 * chat complete and stream, embeddings in batches, retries, timeouts, and the settings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { AiConfigError, aiConfigFromEnv, readAiConfig } from '../../src/platform/ai/config';
import { createAiProvider } from '../../src/platform/ai/create-provider';
import { EMBEDDING_BATCH_SIZE } from '../../src/platform/ai/openai-compatible';
import { AiProviderError } from '../../src/platform/ai/provider';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openai-stand-in';

describe('AI settings', () => {
  it('is offline by default, with no model', () => {
    const provider = createAiProvider(aiConfigFromEnv({}));
    expect(provider).toEqual({
      mode: 'offline',
      chat: null,
      embeddings: null,
      limits: { dailyTokensPerTenant: 200_000, maxOutputTokens: 4_000 },
    });
  });

  it('reads an openai-compatible provider with its defaults', () => {
    expect(
      aiConfigFromEnv({ AI_PROVIDER: 'openai-compatible', AI_API_KEY: 'sk-test', AI_CHAT_MODEL: 'gpt-test' }),
    ).toEqual({
      provider: 'openai-compatible',
      baseUrl: null,
      apiKey: 'sk-test',
      chatModel: 'gpt-test',
      embeddingModel: null,
      timeoutMs: 30_000,
      maxRetries: 2,
      limits: { dailyTokensPerTenant: 200_000, maxOutputTokens: 4_000 },
    });
  });

  it('names every wrong variable in Japanese', () => {
    const { problems } = readAiConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'ftp://example',
      AI_TIMEOUT_MS: 'soon',
      AI_MAX_RETRIES: '99',
    });
    expect(problems).toEqual([
      expect.stringContaining('AI_BASE_URL は'),
      expect.stringContaining('AI_CHAT_MODEL'),
      expect.stringContaining('AI_TIMEOUT_MS は'),
      expect.stringContaining('AI_MAX_RETRIES は'),
    ]);
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'gpt' })).toThrow(AiConfigError);
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'gpt' })).toThrow(
      /AI_PROVIDER は offline か openai-compatible/,
    );
  });

  it('refuses model settings while offline instead of ignoring them', () => {
    expect(() => aiConfigFromEnv({ AI_CHAT_MODEL: 'gpt-test' })).toThrow(
      /AI_CHAT_MODEL は AI_PROVIDER=openai-compatible のときだけ使います/,
    );
  });

  it('stops the server at start-up on a wrong AI setting, naming the variable', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible', AI_API_KEY: 'sk-test' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible', AI_API_KEY: 'sk-test' })).toThrow(
      /AI_CHAT_MODEL/,
    );
    expect(loadConfig({}).ai).toEqual({
      provider: 'offline',
      limits: { dailyTokensPerTenant: 200_000, maxOutputTokens: 4_000 },
    });
    expect(() => loadConfig({ AI_TENANT_DAILY_TOKENS: '多い' })).toThrow(/AI_TENANT_DAILY_TOKENS/);
  });

  it('wants a key unless a base URL points at a local server', () => {
    expect(readAiConfig({ AI_PROVIDER: 'openai-compatible', AI_CHAT_MODEL: 'm' }).problems).toEqual([
      expect.stringContaining('AI_API_KEY を指定してください'),
    ]);
    expect(
      readAiConfig({
        AI_PROVIDER: 'openai-compatible',
        AI_CHAT_MODEL: 'm',
        AI_BASE_URL: 'http://localhost:11434/v1',
      }).problems,
    ).toEqual([]);
  });
});

describe('openai-compatible provider against the stand-in', () => {
  let standIn: OpenAiStandIn;
  const provider = (overrides: Record<string, string> = {}) =>
    createAiProvider(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_API_KEY: 'sk-stand-in',
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_EMBEDDING_MODEL: 'stand-in-embedding',
        AI_TIMEOUT_MS: '2000',
        AI_MAX_RETRIES: '2',
        ...overrides,
      }),
    );

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.answer = () => '就業規則の第 12 条によれば、有給休暇は前日までに申請します [1]。';
  });

  it('completes a chat with the model, messages and token limit it was given', async () => {
    const answer = await provider().chat?.complete(
      [
        { role: 'system', content: '資料だけに基づいて答えてください。' },
        { role: 'user', content: '有給休暇の申請期限は？' },
      ],
      { maxTokens: 800, temperature: 0 },
    );
    expect(answer?.text).toBe('就業規則の第 12 条によれば、有給休暇は前日までに申請します [1]。');
    expect(answer?.toolCalls).toEqual([]);
    expect(answer?.usage?.completionTokens).toBeGreaterThan(0);
    expect(standIn.chatRequests()).toEqual([
      expect.objectContaining({
        model: 'stand-in-chat',
        max_tokens: 800,
        temperature: 0,
        messages: [
          { role: 'system', content: '資料だけに基づいて答えてください。' },
          { role: 'user', content: '有給休暇の申請期限は？' },
        ],
      }),
    ]);
    expect(standIn.chatRequests()[0]?.stream).toBeFalsy();
  });

  it('streams the answer in pieces that add up to it, then its usage', async () => {
    const pieces: string[] = [];
    let usage: unknown = null;
    for await (const event of provider().chat!.run([{ role: 'user', content: '質問' }])) {
      if (event.type === 'text') pieces.push(event.text);
      if (event.type === 'usage') usage = event.usage;
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('就業規則の第 12 条によれば、有給休暇は前日までに申請します [1]。');
    expect(usage).toEqual({ promptTokens: expect.any(Number), completionTokens: 18 });
    expect(standIn.chatRequests()[0]?.stream).toBe(true);
  });

  it('streams tool calls assembled from their pieces, and sends tools and their results back', async () => {
    standIn.answer = (request) =>
      request.messages.some((message) => message.role === 'tool')
        ? '今月の対応は 12 件です。'
        : { toolCalls: [{ name: 'count_interactions', arguments: { period: 'this_month', type: null } }] };
    const tools = [
      {
        name: 'count_interactions',
        description: '対応件数を数える',
        parameters: { type: 'object', properties: { period: { type: 'string' } } },
      },
    ];
    const events = [];
    for await (const event of provider().chat!.run([{ role: 'user', content: '今月の対応件数は？' }], {
      tools,
    }))
      events.push(event);
    const calls = events.find((event) => event.type === 'tool_calls');
    expect(calls).toEqual({
      type: 'tool_calls',
      calls: [
        {
          id: expect.any(String),
          name: 'count_interactions',
          arguments: '{"period":"this_month","type":null}',
        },
      ],
    });
    const call = calls?.type === 'tool_calls' ? calls.calls[0]! : null;
    const answer = await provider().chat!.complete(
      [
        { role: 'user', content: '今月の対応件数は？' },
        { role: 'assistant', content: '', toolCalls: [call!] },
        { role: 'tool', toolCallId: call!.id, content: '{"count":12}' },
      ],
      { tools },
    );
    expect(answer.text).toBe('今月の対応は 12 件です。');
    const [first, second] = standIn.chatRequests();
    expect(first?.tools?.[0]?.function.name).toBe('count_interactions');
    expect(second?.messages).toEqual([
      { role: 'user', content: '今月の対応件数は？' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: call!.id,
            type: 'function',
            function: { name: 'count_interactions', arguments: call!.arguments },
          },
        ],
      },
      { role: 'tool', tool_call_id: call!.id, content: '{"count":12}' },
    ]);
  });

  it('caps every answer at AI_MAX_OUTPUT_TOKENS and asks for JSON when told to', async () => {
    await provider({ AI_MAX_OUTPUT_TOKENS: '300' }).chat!.complete([{ role: 'user', content: '質問' }], {
      maxTokens: 5_000,
      json: true,
    });
    expect(standIn.chatRequests()[0]).toEqual(
      expect.objectContaining({ max_tokens: 300, response_format: { type: 'json_object' } }),
    );
  });

  it('embeds in batches, one vector per text, in order, similar texts closer', async () => {
    const texts = Array.from({ length: EMBEDDING_BATCH_SIZE + 3 }, (_, index) => `文書 ${index} の本文`);
    texts[0] = '医療廃棄物は感染性廃棄物の容器に入れる';
    texts[1] = '感染性廃棄物の容器は黄色のバイオハザードマーク';
    texts[2] = '予約のキャンセルは前日までに電話で連絡する';
    const embeddings = provider().embeddings!;
    expect(embeddings.model).toBe('stand-in-embedding');
    const vectors = await embeddings.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    expect(standIn.requests.filter((request) => request.path === '/v1/embeddings')).toHaveLength(2);
    const cosine = (a: number[], b: number[]) =>
      a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(cosine(vectors[0]!, vectors[2]!));
  });

  it('has no embeddings without AI_EMBEDDING_MODEL', () => {
    expect(provider({ AI_EMBEDDING_MODEL: '' }).embeddings).toBeNull();
  });

  it('retries a failing provider and then answers', async () => {
    standIn.failNext(2, { kind: 'status', status: 500 });
    const answer = await provider().chat!.complete([{ role: 'user', content: '質問' }]);
    expect(answer.text).toContain('有給休暇');
    expect(standIn.chatRequests()).toHaveLength(3);
  });

  it('gives up with an AiProviderError once the retries are spent', async () => {
    standIn.failNext(3, { kind: 'status', status: 503 });
    const failure = await provider()
      .chat!.complete([{ role: 'user', content: '質問' }])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as AiProviderError).kind).toBe('failed');
    expect(standIn.chatRequests()).toHaveLength(3);
  });

  it('times a silent provider out into an AiProviderError', async () => {
    standIn.failNext(2, { kind: 'timeout' });
    const started = Date.now();
    const failure = await provider({ AI_TIMEOUT_MS: '300', AI_MAX_RETRIES: '1' })
      .chat!.complete([{ role: 'user', content: '質問' }])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as Error).message).toBe('AI サービスの応答が時間内にありませんでした');
    expect((failure as AiProviderError).kind).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails a stream with an AiProviderError too', async () => {
    standIn.failNext(3, { kind: 'status', status: 500 });
    const reading = (async () => {
      for await (const _event of provider().chat!.run([{ role: 'user', content: '質問' }])) {
        // nothing arrives
      }
    })();
    await expect(reading).rejects.toThrow(AiProviderError);
  });

  it('fails embeddings with an AiProviderError when the provider is down', async () => {
    standIn.failNext(3, { kind: 'status', status: 500 });
    await expect(provider().embeddings!.embed(['本文'])).rejects.toThrow(AiProviderError);
  });
});
