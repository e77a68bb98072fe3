import { ROLE_LABELS } from '@tsumiki/api-client';
import type { Role } from '../../platform/db/schema';
import { automaticMailSignature, type MailMessage } from '../../platform/mail/mailer';

/** What the invitation mail says; everything a person needs to join, in Japanese. */
export interface InvitationMailFacts {
  to: string;
  tenantName: string;
  inviterName: string;
  role: Role;
  message: string | null;
  /** The whole address of the /invite page with the code. */
  link: string;
  expiresAt: Date;
  timeZone: string;
}

/** The invitation mail, sent in the clinic's name (the product's name stays in the text). */
export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const expires = new Intl.DateTimeFormat('ja-JP', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: facts.timeZone,
  }).format(facts.expiresAt);
  const lines = [
    `${facts.to} 様`,
    '',
    `${facts.tenantName}の${facts.inviterName}さんから、業務管理アプリ「Tsumiki」への招待が届きました。`,
    `役割: ${ROLE_LABELS[facts.role]}`,
    ...(facts.message ? ['', 'メッセージ:', facts.message] : []),
    '',
    `次のリンクを開いて参加してください（${expires} まで有効です）。`,
    facts.link,
    '',
    'リンクを開くと、このメールアドレスでログインまたはアカウントの作成をしてから参加できます。',
    'このメールに心当たりがない場合は、何もせずに破棄してください。',
    '',
    automaticMailSignature(facts.tenantName),
  ];
  return {
    to: facts.to,
    senderName: facts.tenantName,
    subject: `【${facts.tenantName}】Tsumiki への招待`,
    text: lines.join('\n'),
  };
}
