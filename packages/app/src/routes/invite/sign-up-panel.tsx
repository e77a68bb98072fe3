import { Alert, Button, isImeComposing, PasswordField, TextField } from '@tsumiki/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../features/forms/account-fields';
import {
  SIGN_UP_FIELDS,
  type SignUpField,
  type SignUpFormErrors,
  type SignUpFormValues,
  signUpFieldLabels,
  validateSignUpForm,
} from '../../features/invitations/sign-up-form';
import { useSession } from '../../session/session';

/**
 * A new account for the invitee (email + password through the authentication service's sign-up,
 * which accepts only a usable invitation code). On success the account is signed in and the page
 * goes on to its 参加する step. An email the invitation is bound to is filled in and locked.
 */
export function SignUpPanel({
  code,
  boundEmail,
  onSignedUp,
  onCancel,
}: {
  code: string;
  boundEmail: string | null;
  onSignedUp: () => void;
  onCancel: () => void;
}) {
  const { signUp } = useSession();
  const idPrefix = useId();
  const fieldId = (field: SignUpField) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<SignUpFormValues>({
    email: boundEmail ?? '',
    fullName: '',
    password: '',
    confirmation: '',
  });
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Bumped on each failed submit so that focus moves even when the message is the same as before. */
  const [failure, setFailure] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const errors: SignUpFormErrors = checked ? validateSignUpForm(values) : {};

  // The form appears on request: focus its first field to type in.
  const firstField = fieldId(boundEmail ? 'fullName' : 'email');
  useEffect(() => {
    document.getElementById(firstField)?.focus();
  }, [firstField]);

  useEffect(() => {
    if (failure > 0) errorRef.current?.focus();
  }, [failure]);

  const set = (field: SignUpField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setChecked(true);
    const invalid = SIGN_UP_FIELDS.find((field) => validateSignUpForm(values)[field]);
    if (invalid) {
      document.getElementById(fieldId(invalid))?.focus();
      return;
    }
    setSubmitting(true);
    const result = await signUp({
      email: values.email.trim(),
      password: values.password,
      fullName: values.fullName.trim(),
      invitationCode: code,
    });
    setSubmitting(false);
    if (result.error) {
      setError(result.error);
      setFailure((count) => count + 1);
      return;
    }
    onSignedUp();
  };

  return (
    <form
      noValidate
      aria-label="アカウントの作成"
      className="flex flex-col gap-4"
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        // The Enter that confirms an IME conversion must never submit.
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
    >
      <h2 className="text-base font-semibold">アカウントを作成</h2>
      {error ? (
        <Alert
          ref={errorRef}
          variant="error"
          tabIndex={-1}
          className="outline-none"
          data-testid="sign-up-error"
        >
          {error}
        </Alert>
      ) : null}
      <TextField
        id={fieldId('email')}
        label={signUpFieldLabels.email}
        type="email"
        inputMode="email"
        autoComplete="username"
        required
        readOnly={boundEmail !== null}
        description={boundEmail ? 'この招待はこのメールアドレス宛てのため、変更できません。' : undefined}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={errors.email}
      />
      <TextField
        id={fieldId('fullName')}
        label={signUpFieldLabels.fullName}
        autoComplete="name"
        required
        placeholder="山田 花子"
        value={values.fullName}
        onChange={(event) => set('fullName', event.target.value)}
        error={errors.fullName}
      />
      <PasswordField
        id={fieldId('password')}
        label={signUpFieldLabels.password}
        autoComplete="new-password"
        required
        description={`${PASSWORD_MIN_LENGTH} 文字以上で入力してください。`}
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
        error={errors.password}
      />
      <PasswordField
        id={fieldId('confirmation')}
        label={signUpFieldLabels.confirmation}
        autoComplete="new-password"
        required
        value={values.confirmation}
        onChange={(event) => set('confirmation', event.target.value)}
        error={errors.confirmation}
      />
      <div className="flex flex-col gap-2">
        <Button type="submit" className="w-full" loading={submitting}>
          アカウントを作成
        </Button>
        <Button variant="ghost" className="w-full" onClick={onCancel} disabled={submitting}>
          戻る
        </Button>
      </div>
    </form>
  );
}
