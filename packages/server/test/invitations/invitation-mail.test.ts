/**
 * Invitations that leave the product: mailed through SMTP to a local mail server the test starts
 * (smtp-server), in Japanese and in the clinic's name, with the link that joins. Without a mail
 * server, or when it refuses, the invitation is still made and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { type LocalSmtp, recipientOf, startLocalSmtp } from '../support/smtp';

const PUBLIC_URL = 'https://tsumiki.example.jp';

describe('invitation mail', () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let withoutMail: TestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await createTestServer({ config: { publicUrl: PUBLIC_URL, mail: smtp.config } });
    withoutMail = await createTestServer({ database: server.database });
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await withoutMail?.close();
    await server?.close();
    await smtp?.close();
  });

  it('mails the link in Japanese, in the clinic’s name, and records when', async () => {
    const response = await server.send('POST', '/api/invitations/', admin, {
      email: 'new.nurse@example.jp',
      role: 'staff',
      message: '来週から受付をお願いします。',
    });
    expect(response.statusCode).toBe(201);
    expectMatchesContract('createInvitation', 201, response.json());
    const invitation = response.json();
    expect(invitation.email_delivery).toBe('sent');
    expect(invitation.emailed_at).not.toBeNull();

    const mail = smtp.received.find((candidate) => candidate.text?.includes(invitation.code));
    expect(mail, 'the mail server received the invitation').toBeDefined();
    expect(mail?.subject).toBe('【さくら内科クリニック】Tsumiki への招待');
    expect(mail?.from?.value[0]).toEqual({
      name: 'さくら内科クリニック',
      address: 'no-reply@tsumiki.example.jp',
    });
    expect(mail && recipientOf(mail)).toBe('new.nurse@example.jp');
    const text = mail?.text ?? '';
    expect(text).toContain(`さくら内科クリニックの${DEMO_USERS.sakuraAdmin.full_name}さんから`);
    expect(text).toContain('役割: スタッフ');
    expect(text).toContain('来週から受付をお願いします。');
    expect(text).toContain(`${PUBLIC_URL}/invite?code=${encodeURIComponent(invitation.code)}`);
    expect(text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} まで有効です/);

    // The list says it was mailed (and never shows the code again).
    const listed = (await server.send('GET', '/api/invitations/', admin)).json().invitations;
    expect(listed.find((item: { id: string }) => item.id === invitation.id)).toMatchObject({
      code: null,
      emailed_at: invitation.emailed_at,
      email_delivery: null,
    });
  });

  it('sends nothing for an invitation without an address, nor without a mail server', async () => {
    const before = smtp.received.length;
    const anyone = await server.send('POST', '/api/invitations/', admin, { role: 'user' });
    expect(anyone.json()).toMatchObject({ email_delivery: 'no_address', emailed_at: null });
    const token = (await withoutMail.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const unmailed = await withoutMail.send('POST', '/api/invitations/', token, {
      email: 'by.hand@example.jp',
      role: 'staff',
    });
    expect(unmailed.statusCode).toBe(201);
    expect(unmailed.json()).toMatchObject({ email_delivery: 'not_configured', emailed_at: null });
    expect(smtp.received.length).toBe(before);
  });

  it('keeps the invitation when the mail server refuses it, and says so', async () => {
    smtp.refused.add('nobody@example.jp');
    const response = await server.send('POST', '/api/invitations/', admin, {
      email: 'nobody@example.jp',
      role: 'staff',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email_delivery: 'failed', emailed_at: null });
    expect(response.json().invite_path).toMatch(/^\/invite\?code=/);
    const listed = (await server.send('GET', '/api/invitations/', admin)).json().invitations;
    expect(listed.map((item: { id: string }) => item.id)).toContain(response.json().id);
  });

  it('asks for PUBLIC_URL and a sender when SMTP_HOST is set', () => {
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.jp' })).toThrow(
      /PUBLIC_URL[\s\S]*MAIL_FROM|MAIL_FROM[\s\S]*PUBLIC_URL/,
    );
    const config = loadConfig({
      SMTP_HOST: 'smtp.example.jp',
      MAIL_FROM: 'no-reply@clinic.example.jp',
      PUBLIC_URL: 'https://tsumiki.example.jp',
      SMTP_USER: 'clinic',
      SMTP_PASSWORD: 'secret',
    });
    expect(config.mail).toEqual({
      host: 'smtp.example.jp',
      port: 587,
      tls: 'starttls',
      user: 'clinic',
      password: 'secret',
      from: 'no-reply@clinic.example.jp',
    });
  });
});
