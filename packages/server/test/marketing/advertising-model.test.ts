/**
 * The advertising check with the local OpenAI stand-in as the model: the model may only add
 * findings. Whatever it answers (nothing, a finding the rules have, a quote not in the text, an
 * unknown category, or no JSON at all), every finding of the rules stays; a finding it adds is
 * placed at its quote and marked `origin: model`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkText } from '../../src/modules/marketing/advertising/advertising-check';
import { DEMO_USERS } from '../../src/seed/demo';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectMatchesContract } from '../support/contract';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import type { TestServer } from '../support/server';

const TEXT = '地域No.1のクリニック。長年の悩みから解放される、夢のような治療です。副作用は一切ありません。';

describe('advertising check with the OpenAI stand-in', () => {
  let ai: AiTestServer;
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let admin: string;

  beforeAll(async () => {
    ai = await startAiTestServer({ maxRetries: 0 });
    ({ server, standIn } = ai);
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });
  afterAll(async () => {
    await ai.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  const check = async (mode: 'openai' | 'offline') => {
    const response = await server.send('POST', '/api/marketing/advertising-check', admin, { text: TEXT });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('checkAdvertising', 200, response.json());
    expect(response.json().mode).toBe(mode);
    return response.json().findings as Array<Record<string, unknown>>;
  };
  const rules = checkText(TEXT).map((finding) => ({ field: 'text', ...finding }));

  it('the rules find the comparison and the false claim on their own', () => {
    expect(rules.map((f) => f.category)).toEqual(['comparative', 'false_claim']);
  });

  it('a model that finds nothing removes nothing', async () => {
    standIn.answer = () => JSON.stringify({ findings: [] });
    expect(await check('openai')).toEqual(rules);
    const prompt = JSON.stringify(standIn.chatRequests()[0]?.messages);
    expect(prompt).toContain('夢のような治療');
  });

  it('adds what the model finds in the text, and nothing it invents or repeats', async () => {
    standIn.answer = () =>
      JSON.stringify({
        findings: [
          {
            quote: '夢のような治療',
            category: 'exaggerated',
            reason: '治療の効果を誇張しています。',
            suggestion: '治療の内容を事実として説明してください。',
          },
          // Not in the text, an unknown category, a repeat of a rule's finding: ignored.
          { quote: '必ず痩せます', category: 'exaggerated', reason: '誇大です。', suggestion: '書き直す。' },
          { quote: 'クリニック', category: 'something_else', reason: '不明', suggestion: '不明' },
          { quote: 'No.1', category: 'comparative', reason: '比較です。', suggestion: '削る。' },
        ],
      });
    const findings = await check('openai');
    const added = findings.filter((f) => f.origin === 'model');
    expect(added).toEqual([
      {
        field: 'text',
        start: TEXT.indexOf('夢のような治療'),
        end: TEXT.indexOf('夢のような治療') + '夢のような治療'.length,
        quote: '夢のような治療',
        category: 'exaggerated',
        rule_id: null,
        reason: '治療の効果を誇張しています。',
        suggestion: '治療の内容を事実として説明してください。',
        origin: 'model',
      },
    ]);
    expect(findings.filter((f) => f.origin === 'rules')).toEqual(rules);
    expect(findings.map((f) => f.start)).toEqual(
      [...findings.map((f) => f.start as number)].sort((a, b) => a - b),
    );
  });

  it('an answer that is not JSON leaves the rules’ findings (mode offline)', async () => {
    standIn.answer = () => '問題はありません。';
    expect(await check('offline')).toEqual(rules);
  });
});
