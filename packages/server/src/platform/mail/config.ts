import { environmentReader } from '../env';

/** How the server talks to its outgoing mail server (SMTP). */
export interface MailConfig {
  host: string;
  port: number;
  /** starttls: upgrade a plain connection (port 587); tls: TLS from the start (465); none: local relays only. */
  tls: 'starttls' | 'tls' | 'none';
  user: string | null;
  password: string | null;
  /** The sender's address (MAIL_FROM); the clinic's name goes in front of it per message. */
  from: string;
}

const TLS_MODES = ['starttls', 'tls', 'none'] as const;

/**
 * SMTP_HOST, SMTP_PORT, SMTP_TLS, SMTP_USER, SMTP_PASSWORD and MAIL_FROM. Unset SMTP_HOST: no mail
 * (null), and the screens say to pass invitation links on by hand. A link in a mail needs the
 * address people reach the server at, so PUBLIC_URL is required with SMTP_HOST.
 */
export function readMailConfig(
  env: Record<string, string | undefined>,
  problems: string[],
  publicUrl: string | null,
): MailConfig | null {
  const { read, integer } = environmentReader(env, problems);
  const host = read('SMTP_HOST');
  if (host === undefined) {
    for (const name of ['SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM']) {
      if (read(name) !== undefined)
        problems.push(`${name} を使うには SMTP_HOST（送信サーバー）も指定してください`);
    }
    return null;
  }
  const rawTls = read('SMTP_TLS') ?? 'starttls';
  const tls = TLS_MODES.find((mode) => mode === rawTls);
  if (!tls) problems.push(`SMTP_TLS は ${TLS_MODES.join(' / ')} のいずれかです（現在: "${rawTls}"）`);
  const port = integer('SMTP_PORT', tls === 'tls' ? 465 : 587, 1, 65535);
  const user = read('SMTP_USER') ?? null;
  const password = read('SMTP_PASSWORD') ?? null;
  if ((user === null) !== (password === null)) {
    problems.push('SMTP_USER と SMTP_PASSWORD は両方指定するか、両方省略してください');
  }
  const from = read('MAIL_FROM');
  if (from === undefined || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(from)) {
    problems.push('MAIL_FROM に送信元のメールアドレス（例 no-reply@tsumiki.example.jp）を指定してください');
  }
  if (publicUrl === null) {
    problems.push('メールに書くリンクのため、SMTP_HOST を使うときは PUBLIC_URL も指定してください');
  }
  return { host, port, tls: tls ?? 'starttls', user, password, from: from ?? '' };
}
