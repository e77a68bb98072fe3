import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldLabels, MFA_POLICY_LABELS } from '@tsumiki/api-client';
import {
  securitySettingsQueryOptions,
  type TenantId,
  updateSecuritySettingsMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Select,
  Skeleton,
  SkeletonGroup,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../app/api';
import { useToast } from '../../app/toasts';
import { LoadFailed } from '../access/load-failed';

type MfaPolicy = keyof typeof MFA_POLICY_LABELS;

const POLICY_OPTIONS = (Object.keys(MFA_POLICY_LABELS) as MfaPolicy[]).map((value) => ({
  value,
  label: MFA_POLICY_LABELS[value],
}));

interface Draft {
  mfa_policy: MfaPolicy;
  screen_lock_minutes: string;
  audit_log_retention_years: string;
}

/** A whole number within the contract's range, or an error message. */
export function checkWhole(text: string, min: number, max: number): number | string {
  const value = Number(text.normalize('NFKC').trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    return `${min} から ${max} までの整数で入力してください。`;
  }
  return value;
}

/**
 * /settings' セキュリティ: the two-factor policy (不要・管理者のみ必須・全員必須), the minutes without
 * input before the screen locks, and how many years the access log is kept.
 */
export function SecuritySettingsCard({ tenantId }: { tenantId: TenantId }) {
  const { toast } = useToast();
  const settings = useQuery(securitySettingsQueryOptions(api, tenantId));
  const update = useMutation({
    ...updateSecuritySettingsMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<{ minutes?: string; years?: string }>({});

  useEffect(() => {
    if (settings.data) {
      setDraft({
        mfa_policy: settings.data.mfa_policy,
        screen_lock_minutes: String(settings.data.screen_lock_minutes),
        audit_log_retention_years: String(settings.data.audit_log_retention_years),
      });
    }
  }, [settings.data]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    const minutes = checkWhole(draft.screen_lock_minutes, 1, 120);
    const years = checkWhole(draft.audit_log_retention_years, 1, 20);
    const nextErrors = {
      minutes: typeof minutes === 'string' ? minutes : undefined,
      years: typeof years === 'string' ? years : undefined,
    };
    setErrors(nextErrors);
    if (typeof minutes === 'string' || typeof years === 'string') return;
    try {
      await update.mutateAsync({
        mfa_policy: draft.mfa_policy,
        screen_lock_minutes: minutes,
        audit_log_retention_years: years,
      });
      toast({ variant: 'success', title: 'セキュリティの設定を保存しました' });
    } catch {
      // Shown in the card (update.error).
    }
  };

  return (
    <Card data-testid="security-settings">
      <CardHeader>
        <CardTitle>
          <h2>セキュリティ</h2>
        </CardTitle>
        <CardDescription>
          二段階認証を必須にする範囲、操作がないときに画面をロックするまでの時間、操作ログの保存期間です。
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending || (!draft && !settings.isError) ? (
          <SkeletonGroup label="セキュリティの設定を読み込んでいます">
            <Skeleton className="h-32 w-full" />
          </SkeletonGroup>
        ) : settings.isError ? (
          <LoadFailed
            title="セキュリティの設定を読み込めませんでした"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : !draft ? null : (
          <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
            <Select
              label={fieldLabels.mfa_policy ?? '二段階認証'}
              description="必須にすると、認証アプリを登録していない人は、次のログインで登録するまでほかの画面を使えません。"
              selectClassName="w-56"
              placeholder={false}
              options={POLICY_OPTIONS}
              value={draft.mfa_policy}
              onChange={(event) => setDraft({ ...draft, mfa_policy: event.target.value as MfaPolicy })}
            />
            <TextField
              label={fieldLabels.screen_lock_minutes ?? '画面ロックまでの時間（分）'}
              description="1〜120 分。既定は 10 分です。"
              inputMode="numeric"
              inputClassName="w-28"
              value={draft.screen_lock_minutes}
              error={errors.minutes}
              onChange={(event) => setDraft({ ...draft, screen_lock_minutes: event.target.value })}
            />
            <TextField
              label={fieldLabels.audit_log_retention_years ?? '操作ログの保存期間（年）'}
              description="1〜20 年。既定は 5 年です。"
              inputMode="numeric"
              inputClassName="w-28"
              value={draft.audit_log_retention_years}
              error={errors.years}
              onChange={(event) => setDraft({ ...draft, audit_log_retention_years: event.target.value })}
            />
            {update.isError ? (
              <Alert variant="error" title="保存できませんでした">
                {update.error instanceof Error ? update.error.message : null}
              </Alert>
            ) : null}
            <Button type="submit" className="w-fit" loading={update.isPending}>
              保存
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
