import { type Invitation, ROLE_LABELS } from '@tsumiki/api-client';
import {
  Alert,
  Button,
  CopyField,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@tsumiki/ui';
import { useEffect, useRef } from 'react';
import { formatTenantDateTime } from '../../lib/format';
import { inviteLink } from './invitation-form';
import { recipientLabel } from './recipient';

/** The invitation just made: whom it is for, whether its mail left, and its link, shown this once. */
export function CreatedInvitation({
  invitation,
  onClose,
  onAnother,
}: {
  invitation: Invitation;
  onClose: () => void;
  onAnother: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: focus goes to the result's title.
  useEffect(() => headingRef.current?.focus(), []);
  const link = invitation.invite_path ? inviteLink(window.location.origin, invitation.invite_path) : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle ref={headingRef} tabIndex={-1} className="outline-none">
          招待を作成しました
        </DialogTitle>
        <DialogDescription>
          {ROLE_LABELS[invitation.role]}として参加できるリンクです。有効期限は{' '}
          {formatTenantDateTime(invitation.expires_at)} です。
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">宛先</dt>
        <dd className="break-all">{recipientLabel(invitation.email)}</dd>
        <dt className="text-muted-foreground">役割</dt>
        <dd>{ROLE_LABELS[invitation.role]}</dd>
      </dl>
      <DeliveryNotice invitation={invitation} />
      {link ? (
        <>
          <CopyField
            label="招待リンク"
            value={link}
            description={
              invitation.email_delivery === 'sent'
                ? 'メールが届かないときは、このリンクを相手に伝えてください。'
                : 'このリンクを相手に伝えてください（メールやチャットに貼り付けられます）。'
            }
          />
          <Alert variant="warning" title="リンクが表示されるのは今だけです">
            サーバーには招待コードを元に戻せない形（ハッシュ）でしか保存しないため、この画面を閉じると同じリンクはもう表示できません。
            失くした場合は、この招待を取り消して新しく作成してください。
          </Alert>
        </>
      ) : (
        <Alert variant="error">
          招待は作成されましたが、リンクを受け取れませんでした。この招待を取り消して、もう一度作成してください。
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onAnother}>
          続けて作成
        </Button>
        <Button onClick={onClose}>完了</Button>
      </DialogFooter>
    </>
  );
}

/** Whether the invitation mail left, in words: sent, or why the link must be passed on by hand. */
function DeliveryNotice({ invitation }: { invitation: Invitation }) {
  switch (invitation.email_delivery) {
    case 'sent':
      return (
        <Alert variant="success" title="招待メールを送りました">
          <span className="break-all">{invitation.email}</span>{' '}
          宛てに、参加用のリンクを書いたメールを送りました。
        </Alert>
      );
    case 'not_configured':
      return (
        <Alert variant="info" title="招待メールは送っていません">
          このサーバーにはメールの送信が設定されていないため、下のリンクを相手に直接伝えてください。
        </Alert>
      );
    case 'failed':
      return (
        <Alert variant="warning" title="招待メールを送れませんでした">
          メールの送信に失敗しました（宛先の誤り、または送信サーバーの不調）。招待は作成済みです。下のリンクを相手に直接伝えてください。
        </Alert>
      );
    default:
      return null;
  }
}
