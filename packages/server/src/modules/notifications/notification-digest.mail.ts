import { automaticMailSignature, type MailMessage } from '../../platform/mail/mailer';

/** Unread notifications of one kind (same title) in a digest. */
export interface DigestGroup {
  title: string;
  count: number;
  latestAt: Date;
}

export interface DigestMailFacts {
  to: string;
  /** The member's name, or null (the address is used). */
  name: string | null;
  tenantName: string;
  timeZone: string;
  /** The hour the tenant chose (the mail says when these come). */
  hour: number;
  total: number;
  /** Newest kind first. */
  groups: DigestGroup[];
  /** The whole address of the notifications screen. */
  link: string;
}

/** Kinds listed by name; the rest are counted in one line. */
const LISTED_GROUPS = 8;

/**
 * The daily digest: how many unread notifications of which kind, and the link to read them. It
 * names no customer or patient (the notifications' messages do, and mail leaves the product):
 * only the titles, which name the kind of news, and their counts.
 */
export function digestMail(facts: DigestMailFacts): MailMessage {
  const when = new Intl.DateTimeFormat('ja-JP', {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: facts.timeZone,
  });
  const listed = facts.groups.slice(0, LISTED_GROUPS);
  const others = facts.groups.slice(LISTED_GROUPS).reduce((sum, group) => sum + group.count, 0);
  const lines = [
    `${facts.name?.trim() || facts.to} 様`,
    '',
    `${facts.tenantName}の Tsumiki に、まだ読んでいない通知が ${facts.total.toLocaleString('ja-JP')} 件あります。`,
    '',
    ...listed.map(
      (group) =>
        `・${group.title}（${group.count.toLocaleString('ja-JP')} 件、最新 ${when.format(group.latestAt)}）`,
    ),
    ...(others > 0 ? [`・ほか ${others.toLocaleString('ja-JP')} 件`] : []),
    '',
    'お名前などの内容はメールには書いていません。次のリンクから Tsumiki にログインして確認してください。',
    facts.link,
    '',
    `${facts.tenantName}の管理者が「通知のまとめメール」をオンにしているため、未読の通知があるときだけ毎日 ${facts.hour} 時ごろに送っています。`,
    '',
    automaticMailSignature(facts.tenantName),
  ];
  return {
    to: facts.to,
    senderName: facts.tenantName,
    subject: `【${facts.tenantName}】未読の通知が ${facts.total.toLocaleString('ja-JP')} 件あります`,
    text: lines.join('\n'),
  };
}
