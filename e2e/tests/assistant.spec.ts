import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../packages/server/test/support/openai-stand-in';
import { freePort, waitForHealth } from '../global-setup';
import { countsFor, demo, expectNoSeriousA11yViolations, signIn, signInAs } from './support';

/**
 * /aiassistant and /chat. Offline (the shared server, no provider): a question
 * answered from the data with the exact count, its sources as links and the offline label; a chat
 * about a chosen customer. With the local OpenAI-protocol stand-in (a second server of the same
 * build started here, AI_PROVIDER=openai-compatible): the assistant performs a tool call shown as
 * a step, the answer streams into the page, and a provider error shows the retry snackbar whose
 * 再試行 asks again. Axe and screenshots at 1440 and 375 px.
 */

const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/assistant-screens';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: /^メッセージ/ });
  await box.fill(question);
  // Ctrl+Enter sends (Enter alone is a new line).
  await box.press('Control+Enter');
}

test.describe.configure({ mode: 'serial' });

test.describe('offline (no provider)', () => {
  test('answers this month’s count exactly, with sources and the offline label, at 1440 and 375 px', async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { interactionsThisMonth } = await countsFor(demo.sakuraAdmin.email);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);
      await page.goto('/aiassistant');
      await expect(page.getByRole('heading', { name: 'AIアシスタント', level: 1 })).toBeVisible();
      await ask(page, '今月の対応件数は？');
      const answer = page.getByTestId('assistant-answer').last();
      await expect(answer.getByText(`今月の対応は ${interactionsThisMonth} 件 です。`)).toBeVisible();
      await expect(answer.getByText('AI を使わず、登録データの集計・検索だけで作成しました。')).toBeVisible();
      await expect(answer.getByRole('heading', { name: '根拠にした箇所' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/aiassistant ${viewport.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/aiassistant-${viewport.width}.png`, fullPage: true });
      await page.context().close();
    }
  });

  test('chats about a chosen customer with the keyboard and opens a source', async ({ browser }) => {
    const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
    // Reached from the sidebar, beside AIアシスタント.
    await page.getByRole('navigation').first().getByRole('link', { name: 'AIチャット', exact: true }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('heading', { name: 'AIチャット', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: '話題にする顧客を検索（任意）' }).fill('山田');
    await page.keyboard.press('Enter');
    const first = page.getByRole('list', { name: '顧客の検索結果' }).getByRole('button').first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-customer')).toContainText(name);
    await ask(page, 'この方の最近の対応は？');
    const answer = page.getByTestId('assistant-answer').last();
    await expect(answer.getByText(/^最近の対応（新しい順に \d+ 件）/)).toBeVisible();
    await expect(answer.getByRole('article', { name: `[1] ${name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/chat 1440px');
    await page.screenshot({ path: `${SHOTS}/chat-1440.png`, fullPage: true });
    await answer.getByRole('button', { name: `根拠 1（${name}）: 顧客を開く` }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await page.context().close();
  });
});

test.describe('with the OpenAI-protocol stand-in', () => {
  let standIn: OpenAiStandIn;
  let child: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startOpenAiStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'tsumiki-e2e-ai-'));
    const [port, pgPort] = [await freePort(), await freePort()];
    let output = '';
    child = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        TSUMIKI_DEMO: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        TSUMIKI_DATA_DIR: dataDir,
        APP_DIST_DIR: join(repoRoot, 'packages/app/dist'),
        TSUMIKI_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_API_KEY: 'sk-stand-in',
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_MAX_RETRIES: '0',
        // The stand-in streams its answer piece by piece (120 ms apart): room for a busy 2-core machine.
        AI_TIMEOUT_MS: '15000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL, child, () => output);
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await standIn?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signInHere(browser: Browser, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    await signIn(page);
    return page;
  }

  const FINAL =
    '今月の対応件数をお調べしました。電話と来院が中心で、いつもより落ち着いた月です。詳しい内訳は根拠の対応履歴をご覧ください。';

  test('performs a tool call, streams the answer into the page, and offers 再試行 on a provider error', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    standIn.answer = (request) =>
      request.messages.some((message) => message.role === 'tool')
        ? FINAL
        : { toolCalls: [{ name: 'count_interactions', arguments: { period: 'this_month' } }] };
    standIn.streamDelayMs = 120;
    // The answer stops after its first two pieces (「今月の対応件数を」「お調べしました。」) until
    // released below: the half-written answer is looked at however slow the machine is.
    standIn.holdStreamsAfter = 2;
    const page = await signInHere(browser, { width: 1440, height: 900 });
    await page.goto('/aiassistant');
    await ask(page, '今月は忙しかった？');

    // The tool call is a step, and the text arrives piece by piece before the answer is complete.
    const streaming = page.getByTestId('streaming-answer');
    // The step in its list (the list's live status says the same words to screen readers).
    await expect(
      streaming.getByRole('list', { name: '回答の準備' }).getByText('対応件数を数えています'),
    ).toBeVisible();
    await expect(streaming.getByText(/今月の対応件数を/)).toBeVisible();
    expect(await streaming.textContent()).not.toContain('詳しい内訳は根拠の対応履歴をご覧ください。');
    await page.screenshot({ path: `${SHOTS}/aiassistant-streaming-1440.png`, fullPage: true });
    standIn.releaseStreams();

    const answer = page.getByTestId('assistant-answer').last();
    await expect(answer.getByText(FINAL)).toBeVisible({ timeout: 30_000 });
    await expect(answer.getByText('AI が作成しました。内容を確認してからお使いください。')).toBeVisible();
    await expect(answer.getByRole('heading', { name: '根拠にした箇所' })).toBeVisible();
    const toolRequest = standIn
      .chatRequests()
      .find((request) => request.messages.some((m) => m.role === 'tool'));
    expect(toolRequest).toBeDefined();
    await page.screenshot({ path: `${SHOTS}/aiassistant-openai-1440.png`, fullPage: true });

    // The provider fails: the snackbar offers 再試行, which asks again.
    standIn.streamDelayMs = 0;
    standIn.answer = () => '改めてお答えします。今月も通常どおりです。';
    standIn.failNext(1, { kind: 'status', status: 500 });
    await ask(page, 'もう一度教えて');
    const retry = page.getByRole('button', { name: '再試行' });
    await expect(retry).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/aiassistant-error-1440.png`, fullPage: true });
    await retry.click();
    await expect(
      page.getByTestId('assistant-answer').last().getByText('改めてお答えします。今月も通常どおりです。'),
    ).toBeVisible();
    await page.context().close();
  });
});
