import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import pg from 'pg';

export const demo = {
  password: 'tsumiki-demo-2026',
  sakuraAdmin: { email: 'admin@sakura-clinic.example' },
  sakuraStaff: { email: 'staff@sakura-clinic.example' },
  midoriAdmin: { email: 'admin@midori-dental.example' },
} as const;

/** Reads the counts the dashboard must show straight from the database (as its owner, bypassing RLS). */
export async function countsFor(email: string) {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const tenant = await client.query<{ tenant_id: string }>(
      `select tu.tenant_id from tenant_users tu join users u on u.id = tu.user_id
        where u.email = $1 order by tu.created_at limit 1`,
      [email],
    );
    const tenantId = tenant.rows[0]?.tenant_id;
    const one = async (sql: string) => Number((await client.query(sql, [tenantId])).rows[0].count);
    // What the dashboard counts: live customers (not in the trash, not merged into another), and
    // the interactions of customers in use (not in the trash, use not stopped at their request),
    // as the interactions list answers them: other specs of the same shard move customers there.
    const customers = await one('select count(*) from customers where tenant_id = $1 and deleted_at is null');
    const ofCustomersInUse = `from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
      where i.tenant_id = $1 and c.deleted_at is null and c.use_stopped_at is null`;
    const interactions = await one(`select count(*) ${ofCustomersInUse}`);
    const interactionsThisMonth = await one(
      `select count(*) ${ofCustomersInUse}
          and i.created_at >= date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo'`,
    );
    const latest = await client.query<{ summary: string | null; content: string }>(
      `select i.summary, i.content ${ofCustomersInUse} order by i.created_at desc, i.id desc limit 1`,
      [tenantId],
    );
    const row = latest.rows[0];
    const latestHeadline = row?.summary?.trim()
      ? row.summary
      : Array.from(row?.content ?? '')
          .slice(0, 50)
          .join('');
    return { tenantId, customers, interactions, interactionsThisMonth, latestHeadline };
  } finally {
    await client.end();
  }
}

/** Moves the end of the user's live sessions to `minutes` from now (as the server would after use). */
export async function setSessionRemaining(email: string, minutes: number) {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `update auth_sessions set not_after = now() + make_interval(mins => $2)
        where revoked_at is null and user_id = (select id from users where email = $1)`,
      [email, minutes],
    );
  } finally {
    await client.end();
  }
}

/** Waits until every finite animation on the page (a toast or dialog fading in or out) has ended. */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Serious and critical axe violations on what is on screen now (an open dialog included), labelled with `where`. */
export async function expectNoSeriousA11yViolations(page: Page, where?: string) {
  // Colours are judged at rest: a toast or dialog still fading in is partly transparent, and axe
  // would measure its text against what shows through. Endless animations (spinners) are skipped.
  // A toast that starts fading in while axe runs is caught by judging the colours once more after
  // it has settled: a real contrast failure fails both times.
  const serious = async () => {
    await animationsSettled(page);
    // Legacy mode runs axe in the page itself, with its frames, instead of gathering each frame's
    // part in a new blank page (the app has no cross-origin frames); only violations are
    // gathered in full. A scan took 2.0–3.7 s the default way and 0.7–1.0 s this way.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let found = await serious();
  if (found.some((violation) => violation.id === 'color-contrast')) found = await serious();
  expect(found.map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Fills and sends the sign-in form of the /login on screen (the demo password unless told). */
export async function submitSignIn(page: Page, email: string, password: string = demo.password) {
  await page.getByLabel('メールアドレス').fill(email);
  // The label also holds the 必須 marker (hidden from the accessible name).
  await page.getByLabel(/^パスワード(必須)?$/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/**
 * After a sign-in was sent: past the welcome of /login-success with 今すぐ移動する (shell.spec
 * checks the 3-second countdown itself) to `landing`, the dashboard unless told.
 */
export async function passWelcome(
  page: Page,
  landing = page.getByRole('heading', { name: 'ダッシュボード', level: 1 }),
) {
  const goNow = page.getByRole('button', { name: '今すぐ移動する' });
  await expect(goNow.or(landing)).toBeVisible({ timeout: 20_000 });
  // The countdown may end between the two steps: then the page is already where it goes.
  if (await goNow.isVisible()) await goNow.click({ timeout: 2000 }).catch(() => undefined);
  await expect(landing).toBeVisible();
}

/** Signs in from /login as `email` with the demo password and lands on the dashboard. */
export async function signIn(
  page: Page,
  email: string = demo.sakuraAdmin.email,
  password: string = demo.password,
) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await passWelcome(page);
}

/** A new browser context (of its own cookies and storage), signed in as `email`, on the dashboard. */
export async function signInAs(
  browser: Browser,
  email: string,
  viewport = { width: 1440, height: 900 },
  { password, ...contextOptions }: BrowserContextOptions & { password?: string } = {},
) {
  const context = await browser.newContext({ ...contextOptions, viewport });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/**
 * The served file (`/assets/<hash>.js`) of one source module's chunk, from the build's manifest:
 * chunks are named by their hash alone, so a test finds them by what they hold.
 */
export function builtChunk(source: string): string {
  const manifestUrl = new URL('../../packages/app/dist/.vite/manifest.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`the build has no chunk for ${source}`);
  return `/${chunk.file}`;
}
