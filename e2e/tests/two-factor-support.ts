import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { demo } from './support';

export const baseURL = () => process.env.TSUMIKI_E2E_BASE_URL as string;

/** Where the screenshots for the lead go (also kept under test-results). */
export const shot = (name: string) =>
  `${process.env.TSUMIKI_E2E_SHOTS_DIR ?? 'test-results/screens'}/${name}.png`;

/** An access token for the API, as the app's sign-in gets one. */
export async function accessToken(email: string, password: string = demo.password): Promise<string> {
  const response = await fetch(`${baseURL()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The first tenant of the signed-in person (tenant-me). */
export async function tenantIdOf(token: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/tenant/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { tenant_info: { tenant_id: string }[] } };
  return body.user.tenant_info[0]?.tenant_id as string;
}

/** Adds a new account to the tenant through the admin API (POST /api/tenants/{id}/users). */
export async function addMember(
  token: string,
  tenantId: string,
  member: { email: string; role: 'admin' | 'staff'; fullName: string; password: string },
) {
  const response = await fetch(`${baseURL()}/api/tenants/${tenantId}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      email: member.email,
      role: member.role,
      full_name: member.fullName,
      initial_password: member.password,
    }),
  });
  expect(response.status).toBe(201);
}

/** Runs SQL as the database owner (fixtures and cleanup: never what a test checks). */
export async function asOwner<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The current TOTP code of a setup key as an authenticator app computes it. */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Reads the setup key the enrolment shows (as a person types it: the groups without spaces). */
export async function shownSecret(page: Page): Promise<string> {
  const text = await page.locator('[data-slot="factor-secret"]').textContent();
  return (text ?? '').replace(/\s/g, '');
}

/** Waits for a fresh 30-second step when the current one is about to end, so a code stays valid. */
export async function freshStep(): Promise<void> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 200));
}

/** Signs in on /login with email and password (the code step, if any, comes next). */
export async function submitPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel(/^パスワード(必須)?$/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Enrols an authenticator app on the panel shown and returns its key. */
export async function enrolShownFactor(page: Page): Promise<string> {
  const qr = page.getByRole('img', { name: '認証アプリで読み取る二段階認証の QR コード' });
  await expect(qr).toBeVisible();
  // The QR code is an image that loaded (not a broken one showing its alternative text).
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await freshStep();
  await page.getByLabel('確認コード').fill(totpCode(secret));
  await page.getByRole('button', { name: '確認して有効にする' }).click();
  return secret;
}

/** The recovery codes shown once after the first enrolment. */
export async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'リカバリーコードの一覧' });
  await expect(list).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  return codes;
}
