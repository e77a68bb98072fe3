import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@tsumiki/api-client/react';
import { Alert, Button, TextField } from '@tsumiki/ui';
import { type FormEvent, useRef, useState } from 'react';
import { fullNameLabel, validateFullName } from '../forms/account-fields';
import { AccountActionError, changeFullName } from './account-actions';

/**
 * The user's name, saved through the authentication service (user_metadata.full_name). The
 * signed-in user is then reloaded, so the sidebar and the dashboard show the new name at once.
 */
export function NameForm({ fullName }: { fullName: string | null | undefined }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(fullName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const checked = validateFullName(value);
    if (checked.error !== undefined) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await changeFullName(checked.fullName);
      setValue(checked.fullName);
      await queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
      setSaved(true);
    } catch (cause) {
      setError(cause instanceof AccountActionError ? cause.message : '氏名を保存できませんでした。');
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const unchanged = value.trim() === (fullName ?? '').trim();

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          ref={input}
          className="sm:max-w-sm sm:flex-1"
          label={fullNameLabel}
          name="full_name"
          autoComplete="name"
          required
          placeholder="山田 花子"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(false);
            if (error) setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" className="w-fit sm:mt-7" loading={saving} disabled={unchanged && !saving}>
          氏名を保存
        </Button>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {saved ? (
          <Alert variant="success" role="none">
            氏名を保存しました。
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
