import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@tsumiki/api-client/react';
import { Alert, Button, PasswordField } from '@tsumiki/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useSignedIn } from '../../session/session';
import {
  hasErrors,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordField as PasswordFieldName,
  type PasswordForm,
  type PasswordFormErrors,
  passwordFieldLabels,
  validatePasswordForm,
} from '../forms/account-fields';
import { AccountActionError, changePassword } from './account-actions';

const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmation: '' };
const fieldOrder: PasswordFieldName[] = ['currentPassword', 'newPassword', 'confirmation'];

/**
 * Changing the password: the current one, the new one twice. The service checks the current one
 * and, on success, signs out every other session of the user; this form says so.
 */
export function PasswordChangeForm() {
  const queryClient = useQueryClient();
  const { tenant } = useSignedIn();
  const [form, setForm] = useState<PasswordForm>(empty);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<PasswordFieldName, HTMLInputElement | null>>>({});

  const focusFirstError = (next: PasswordFormErrors) => {
    const first = fieldOrder.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const next = validatePasswordForm(form);
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError(next);
      return;
    }
    setSaving(true);
    try {
      await changePassword(form.currentPassword, form.newPassword);
      setForm(empty);
      setDone(true);
      // The other sessions are gone, and the change is a new security event.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all(tenant?.tenant_id) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    } catch (error) {
      const refusal = error instanceof AccountActionError ? error : new AccountActionError(String(error));
      if (refusal.field) {
        const fieldErrors = { [refusal.field]: refusal.message };
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else {
        setFailure(refusal.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const field = (name: PasswordFieldName, autoComplete: string, description?: string) => (
    <PasswordField
      ref={(element) => {
        inputs.current[name] = element;
      }}
      label={passwordFieldLabels[name]}
      name={name}
      autoComplete={autoComplete}
      required
      description={description}
      value={form[name]}
      onChange={(event) => {
        const value = event.target.value;
        setForm((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={errors[name]}
    />
  );

  return (
    <form className="flex max-w-md flex-col gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {field('currentPassword', 'current-password')}
      {field(
        'newPassword',
        'new-password',
        `${PASSWORD_MIN_LENGTH} 文字以上 ${PASSWORD_MAX_LENGTH} 文字以内。長い文（フレーズ）がおすすめです。`,
      )}
      {field('confirmation', 'new-password')}
      <div aria-live="polite" aria-atomic="true">
        {done ? (
          <Alert variant="success" role="none" title="パスワードを変更しました">
            安全のため、この端末以外のすべての端末からログアウトしました。ほかの端末では新しいパスワードでログインしてください。
          </Alert>
        ) : null}
      </div>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <Button type="submit" className="w-fit" loading={saving}>
        パスワードを変更
      </Button>
    </form>
  );
}
