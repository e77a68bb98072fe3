import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../../src/platform/mail/config';

/** A local mail server (smtp-server) that keeps what it receives, parsed, and refuses some addresses. */
export interface LocalSmtp {
  received: ParsedMail[];
  /** Addresses it refuses (550), as a real one refuses an unknown mailbox. */
  refused: Set<string>;
  /** The server's MailConfig for it (plain SMTP on 127.0.0.1, sender no-reply@tsumiki.example.jp). */
  config: MailConfig;
  close(): Promise<void>;
}

export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const refused = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) callback(new Error('550 そのような宛先はありません'));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    refused,
    config: {
      host: '127.0.0.1',
      port,
      tls: 'none',
      user: null,
      password: null,
      from: 'no-reply@tsumiki.example.jp',
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The address a parsed mail went to. */
export function recipientOf(mail: ParsedMail): string | undefined {
  return mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined;
}
