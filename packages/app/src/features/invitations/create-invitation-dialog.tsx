import { useMutation } from '@tanstack/react-query';
import {
  contractEnums,
  formatValidationErrors,
  type Invitation,
  isApiError,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type Role,
} from '@tsumiki/api-client';
import { createInvitationMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  CopyField,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  isImeComposing,
  Select,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatTenantDateTime } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import {
  DEFAULT_INVITATION_FORM,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  INVITATION_FIELDS,
  type InvitationField,
  type InvitationFormErrors,
  type InvitationFormValues,
  invitationFieldLabels,
  inviteLink,
  MESSAGE_MAX_LENGTH,
  splitServerErrors,
  toInvitationInput,
  validateInvitationForm,
} from './invitation-form';
import { recipientLabel } from './recipient';

export interface CreateInvitationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 「招待を作成」: role, optional bound email, days of validity and a note; then the link, shown
 * once (the server keeps only a hash of the code, so it cannot be shown again).
 */
export function CreateInvitationDialog({ open, onOpenChange }: CreateInvitationDialogProps) {
  const [created, setCreated] = useState<Invitation | null>(null);
  // Every opening starts with an empty form.
  const [session, setSession] = useState(0);
  useEffect(() => {
    if (open) {
      setCreated(null);
      setSession((current) => current + 1);
    }
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md" data-testid="create-invitation-dialog">
        {created ? (
          <CreatedInvitation
            invitation={created}
            onClose={() => onOpenChange(false)}
            onAnother={() => setCreated(null)}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>招待を作成</DialogTitle>
              <DialogDescription>
                作成すると参加用のリンクが表示されます。メールは送られないので、リンクをコピーして相手に伝えてください。
              </DialogDescription>
            </DialogHeader>
            <InvitationForm key={session} onCancel={() => onOpenChange(false)} onCreated={setCreated} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvitationForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (invitation: Invitation) => void;
}) {
  const { api, tenant } = useSignedIn();
  const create = useMutation({
    ...createInvitationMutationOptions(api, tenant?.tenant_id),
    meta: { errorDisplay: 'inline' },
  });
  const idPrefix = useId();
  const fieldId = (field: InvitationField) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<InvitationFormValues>(DEFAULT_INVITATION_FORM);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<InvitationFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const clientErrors = checked ? validateInvitationForm(values) : {};
  const errorOf = (field: InvitationField) => clientErrors[field] ?? serverErrors[field];

  const set = <K extends InvitationField>(field: K, value: InvitationFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const focusField = (field: InvitationField) => document.getElementById(fieldId(field))?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    setChecked(true);
    const errors = validateInvitationForm(values);
    const firstInvalid = INVITATION_FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    try {
      onCreated(await create.mutateAsync(toInvitationInput(values)));
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.validationErrors.length > 0) {
        const { byField, others } = splitServerErrors(error.validationErrors);
        setServerErrors(byField);
        if (others.length > 0) setFailure(formatValidationErrors(others));
        else {
          const first = INVITATION_FIELDS.find((field) => byField[field]);
          if (first) focusField(first);
        }
        return;
      }
      if (isApiError(error) && error.status === 409) {
        // e.g. the address already belongs to a member: the server says which, in Japanese.
        setServerErrors({ email: error.message });
        focusField('email');
        return;
      }
      setFailure(isApiError(error) ? error.message : '招待を作成できませんでした。もう一度お試しください。');
    }
  };

  return (
    <form
      noValidate
      aria-label="招待の作成"
      className="grid gap-4"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        // The Enter that confirms an IME conversion must never submit.
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
    >
      {failure ? (
        <Alert ref={failureRef} variant="error" tabIndex={-1} className="whitespace-pre-line outline-none">
          {failure}
        </Alert>
      ) : null}
      <Select
        id={fieldId('role')}
        label={invitationFieldLabels.role}
        required
        placeholder={false}
        options={contractEnums.Role.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={values.role}
        onChange={(event) => set('role', event.target.value as Role)}
        description={ROLE_DESCRIPTIONS[values.role]}
        error={errorOf('role')}
      />
      <TextField
        id={fieldId('email')}
        label={invitationFieldLabels.email}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="例）tanaka@example.jp"
        description="指定すると、このメールアドレスの人だけが参加できます。空欄なら、リンクを知っている人が参加できます。"
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={errorOf('email')}
      />
      <TextField
        id={fieldId('expiresInDays')}
        label={invitationFieldLabels.expiresInDays}
        required
        type="number"
        inputMode="numeric"
        min={EXPIRY_DAYS_MIN}
        max={EXPIRY_DAYS_MAX}
        className="max-w-48"
        description={`${EXPIRY_DAYS_MIN}〜${EXPIRY_DAYS_MAX} 日。過ぎるとリンクは使えなくなります。`}
        value={values.expiresInDays}
        onChange={(event) => set('expiresInDays', event.target.value)}
        error={errorOf('expiresInDays')}
      />
      <Textarea
        id={fieldId('message')}
        label={invitationFieldLabels.message}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        showCount
        description="招待メールを送るときは本文に添えます。招待の一覧にも表示されます。"
        value={values.message}
        onChange={(event) => set('message', event.target.value)}
        error={errorOf('message')}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          キャンセル
        </Button>
        <Button type="submit" loading={create.isPending}>
          招待を作成
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedInvitation({
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
