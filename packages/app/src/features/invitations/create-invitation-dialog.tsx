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
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Select,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../session/session';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { useFormValues } from '../forms/use-form-values';
import { CreatedInvitation } from './created-invitation';
import {
  DEFAULT_INVITATION_FORM,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  INVITATION_FIELDS,
  type InvitationField,
  type InvitationFormValues,
  invitationFieldLabels,
  MESSAGE_MAX_LENGTH,
  splitServerErrors,
  toInvitationInput,
  validateInvitationForm,
} from './invitation-form';

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
  const form = useFormValues<InvitationFormValues, InvitationField>({
    fields: INVITATION_FIELDS,
    fieldId: (field) => `${idPrefix}-${field}`,
    label: (field) => invitationFieldLabels[field],
    initialValues: DEFAULT_INVITATION_FORM,
    validate: validateInvitationForm,
    // A short dialog: focus only, nothing to scroll to.
    focus: (id) => document.getElementById(id)?.focus(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    if (!form.check()) return;
    try {
      onCreated(await create.mutateAsync(toInvitationInput(form.values)));
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.validationErrors.length > 0) {
        const { byField, others } = splitServerErrors(error.validationErrors);
        form.setServerErrors(byField);
        if (others.length > 0) setFailure(formatValidationErrors(others));
        else {
          const first = INVITATION_FIELDS.find((field) => byField[field]);
          if (first) form.focusOn(first);
        }
        return;
      }
      if (isApiError(error) && error.status === 409) {
        // e.g. the address already belongs to a member: the server says which, in Japanese.
        form.setServerErrors({ email: error.message });
        form.focusOn('email');
        return;
      }
      setFailure(isApiError(error) ? error.message : '招待を作成できませんでした。もう一度お試しください。');
    }
  };

  return (
    <ImeSafeForm aria-label="招待の作成" className="grid gap-4" onSubmit={(event) => void submit(event)}>
      {failure ? (
        <Alert ref={failureRef} variant="error" tabIndex={-1} className="whitespace-pre-line outline-none">
          {failure}
        </Alert>
      ) : null}
      <Select
        {...form.field('role')}
        required
        placeholder={false}
        options={contractEnums.Role.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={form.values.role}
        onChange={(event) => form.set('role', event.target.value as Role)}
        description={ROLE_DESCRIPTIONS[form.values.role]}
      />
      <TextField
        {...form.text('email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="例）tanaka@example.jp"
        description="指定すると、このメールアドレスの人だけが参加できます。空欄なら、リンクを知っている人が参加できます。"
      />
      <TextField
        {...form.text('expiresInDays')}
        required
        type="number"
        inputMode="numeric"
        min={EXPIRY_DAYS_MIN}
        max={EXPIRY_DAYS_MAX}
        className="max-w-48"
        description={`${EXPIRY_DAYS_MIN}〜${EXPIRY_DAYS_MAX} 日。過ぎるとリンクは使えなくなります。`}
      />
      <Textarea
        {...form.text('message')}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        showCount
        description="招待メールを送るときは本文に添えます。招待の一覧にも表示されます。"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          キャンセル
        </Button>
        <Button type="submit" loading={create.isPending}>
          招待を作成
        </Button>
      </DialogFooter>
    </ImeSafeForm>
  );
}
