/**
 * The daily digest of unread notifications, where the tenant opts in: its setting (admins only,
 * per tenant), and the mail a local SMTP server receives at the tenant's hour — kinds and counts,
 * no customer's name, the link — once per news, nothing for a member with nothing unread, and
 * nothing without a mail server or with notifications switched off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueDigests } from '../../src/modules/notifications/notification-digest';
import { createMailer } from '../../src/platform/mail/mailer';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { type LocalSmtp, recipientOf, startLocalSmtp } from '../support/smtp';

const PUBLIC_URL = 'https://tsumiki.example.jp';
const URL = '/api/notification-digest';

/** The hour of `at` in Japan (both demo tenants keep Asia/Tokyo). */
const hourInJapan = (at: Date) => (at.getUTCHours() + 9) % 24;
const customer = (
  last_name: string,
  first_name: string,
  last_name_kana: string,
  first_name_kana: string,
) => ({
  last_name,
  first_name,
  last_name_kana,
  first_name_kana,
});

describe('notification digest', () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let withoutMail: TestServer;
  let admin: string;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await createTestServer({ config: { publicUrl: PUBLIC_URL, mail: smtp.config } });
    withoutMail = await createTestServer({ database: server.database });
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await withoutMail?.close();
    await server?.close();
    await smtp?.close();
  });

  const digest = (now: Date) =>
    sendDueDigests({ db: server.database.db, mailer: createMailer(smtp.config), publicUrl: PUBLIC_URL }, now);

  it('is off until an admin of the tenant switches it on, and says whether mail can leave', async () => {
    const initial = await server.send('GET', URL, admin);
    expect(initial.statusCode).toBe(200);
    expectMatchesContract('getNotificationDigestSettings', 200, initial.json());
    expect(initial.json()).toEqual({ enabled: false, hour: 8, mail_configured: true, last_sent_at: null });

    const refused = await server.send('PUT', URL, staff, { enabled: true });
    expect(refused.statusCode).toBe(403);

    const bad = await server.send('PUT', URL, admin, { enabled: true, hour: 24 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.validation_errors).toEqual([
      { field: 'hour', message: '23以下の値を入力してください' },
    ]);

    const on = await server.send('PUT', URL, admin, { enabled: true, hour: 7 });
    expect(on.statusCode).toBe(200);
    expectMatchesContract('updateNotificationDigestSettings', 200, on.json());
    expect(on.json()).toMatchObject({ enabled: true, hour: 7 });
    // Off keeps the hour it had.
    expect((await server.send('PUT', URL, admin, { enabled: false })).json()).toMatchObject({
      enabled: false,
      hour: 7,
    });

    // Another tenant's setting is its own.
    expect((await server.send('GET', URL, otherAdmin)).json()).toMatchObject({ enabled: false, hour: 8 });
    // A server without SMTP says so.
    const token = (await withoutMail.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    expect((await withoutMail.send('GET', URL, token)).json()).toMatchObject({ mail_configured: false });
  });

  it('mails each member at the tenant’s hour the kinds of unread news, without names, once', async () => {
    const created = await server.send(
      'POST',
      '/api/customers',
      staff,
      customer('渡辺', '千尋', 'ワタナベ', 'チヒロ'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const unread = (await server.send('GET', '/api/notifications/stats', admin)).json().unread_count;
    expect(unread).toBeGreaterThan(0);

    const now = new Date(Date.now() + 60_000);
    // Off: nothing, whatever the hour.
    expect(await digest(now)).toEqual({ sent: 0, failed: 0 });
    await server.send('PUT', URL, admin, { enabled: true, hour: hourInJapan(now) });
    // Not its hour: nothing.
    expect(await digest(new Date(now.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });

    const before = smtp.received.length;
    const first = await digest(now);
    expect(first.failed).toBe(0);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mails = smtp.received.slice(before);
    const mail = mails.find((candidate) => recipientOf(candidate) === DEMO_USERS.sakuraAdmin.email);
    expect(mail, 'the admin got a digest').toBeDefined();
    expect(mail?.subject).toBe(`【さくら内科クリニック】未読の通知が ${unread} 件あります`);
    expect(mail?.from?.value[0]).toEqual({
      name: 'さくら内科クリニック',
      address: 'no-reply@tsumiki.example.jp',
    });
    const text = mail?.text ?? '';
    expect(text).toContain(`${DEMO_USERS.sakuraAdmin.full_name} 様`);
    expect(text).toMatch(/・顧客が登録されました（\d+ 件、最新 /);
    expect(text).toContain(`${PUBLIC_URL}/notifications`);
    expect(text).toContain(`毎日 ${hourInJapan(now)} 時ごろ`);
    // The staff member created the customer: no news of it for them, and no name in any mail.
    for (const sent of mails) expect(sent.text).not.toContain('渡辺');
    // Only sakura's members: みどり歯科 did not opt in.
    expect(mails.map(recipientOf)).not.toContain(DEMO_USERS.midoriAdmin.email);
    expect((await server.send('GET', URL, admin)).json().last_sent_at).toBe(now.toISOString());

    // The same news is not mailed twice.
    const again = smtp.received.length;
    expect(await digest(now)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.length).toBe(again);
  });

  it('mails what came since the last digest, skips whoever read it, and survives a refusal', async () => {
    const now = new Date(Date.now() + 120_000);
    await server.send('PUT', URL, admin, { enabled: true, hour: hourInJapan(now) });
    // News for the admin (the staff member acts), which the admin reads at once…
    await server.send('POST', '/api/customers', staff, customer('小林', '陽菜', 'コバヤシ', 'ヒナ'));
    await server.send('POST', '/api/notifications/mark-all-as-read', admin);
    // …and news for the staff member, whose mailbox refuses.
    await server.send('POST', '/api/customers', admin, customer('加藤', '大輔', 'カトウ', 'ダイスケ'));
    smtp.refused.add(DEMO_USERS.sakuraStaff.email);
    expect(await digest(now)).toEqual({ sent: 0, failed: 1 });

    // Once the mailbox takes mail again, the staff member gets that news (nothing was lost).
    smtp.refused.clear();
    const before = smtp.received.length;
    expect(await digest(now)).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.at(-1);
    expect(smtp.received.length).toBe(before + 1);
    expect(mail && recipientOf(mail)).toBe(DEMO_USERS.sakuraStaff.email);
    expect(mail?.text).toContain('顧客が登録されました');
  });

  it('sends nothing while notifications are switched off, nor without a mail server', async () => {
    const now = new Date(Date.now() + 180_000);
    await server.send('PUT', URL, admin, { enabled: true, hour: hourInJapan(now) });
    await server.send('POST', '/api/customers', staff, customer('山本', '翔', 'ヤマモト', 'ショウ'));
    expect(
      await sendDueDigests({ db: server.database.db, mailer: null, publicUrl: PUBLIC_URL }, now),
    ).toEqual({ sent: 0, failed: 0 });

    expect(
      (await server.send('PUT', '/api/tenant-features', admin, { notifications_enabled: false })).statusCode,
    ).toBe(200);
    expect(await digest(now)).toEqual({ sent: 0, failed: 0 });
    // The setting itself is under the notifications feature.
    expect((await server.send('GET', URL, admin)).statusCode).toBe(403);
    await server.send('PUT', '/api/tenant-features', admin, { notifications_enabled: null });
    expect((await digest(now)).sent).toBe(1);
  });
});
