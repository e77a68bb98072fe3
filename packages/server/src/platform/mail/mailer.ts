import nodemailer from 'nodemailer';
import type { MailConfig } from './config';

/** One plain-text mail, in Japanese, from the tenant (its name is the sender's display name). */
export interface MailMessage {
  to: string;
  senderName: string;
  subject: string;
  text: string;
}

/** The last line of every mail: who sends it, that a machine does, and that replies go nowhere. */
export function automaticMailSignature(tenantName: string): string {
  return `―― ${tenantName}（Tsumiki から自動で送信しています。このメールには返信できません）`;
}

export interface Mailer {
  /** Hands the message to the mail server; throws when it is refused or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

/** Seconds to wait for the mail server at each step: a person is waiting for the answer. */
const TIMEOUT_MS = 10_000;

/** Mail through SMTP with nodemailer. */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.tls === 'tls',
    requireTLS: config.tls === 'starttls',
    ignoreTLS: config.tls === 'none',
    ...(config.user && config.password ? { auth: { user: config.user, pass: config.password } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: { name: message.senderName, address: config.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
