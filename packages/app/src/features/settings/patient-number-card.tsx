import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldLabels } from '@tsumiki/api-client';
import {
  patientNumberSettingsQueryOptions,
  type TenantId,
  updatePatientNumberSettingsMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  SkeletonGroup,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../app/api';
import { useToast } from '../../app/toasts';
import { LoadFailed } from '../access/load-failed';
import { checkWhole } from './security-settings-card';

const PREFIX = /^[A-Z0-9-]{0,8}$/u;

/** The prefix as stored (full-width folded, upper case), or an error message. */
export function checkPrefix(text: string): string | { error: string } {
  const prefix = text.normalize('NFKC').trim().toUpperCase();
  return PREFIX.test(prefix)
    ? prefix
    : { error: '半角の英大文字・数字・ハイフン（8 文字まで）で入力してください。' };
}

/** A sample number as the settings would write it (the server's rule: the digits are never cut). */
export function sampleNumber(prefix: string, width: number, number: number): string {
  return `${prefix}${String(number).padStart(width, '0')}`;
}

/**
 * /settings' 診察券番号: the prefix and zero-padded width new customers' numbers are written
 * with, and the next number as it will be given. Numbers already given stay as they are.
 */
export function PatientNumberCard({ tenantId }: { tenantId: TenantId }) {
  const { toast } = useToast();
  const settings = useQuery(patientNumberSettingsQueryOptions(api, tenantId));
  const update = useMutation({
    ...updatePatientNumberSettingsMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [draft, setDraft] = useState<{ prefix: string; width: string } | null>(null);
  const [errors, setErrors] = useState<{ prefix?: string; width?: string }>({});

  useEffect(() => {
    if (settings.data) setDraft({ prefix: settings.data.prefix, width: String(settings.data.width) });
  }, [settings.data]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    const prefix = checkPrefix(draft.prefix);
    const width = checkWhole(draft.width, 4, 12);
    setErrors({
      prefix: typeof prefix === 'string' ? undefined : prefix.error,
      width: typeof width === 'string' ? width : undefined,
    });
    if (typeof prefix !== 'string' || typeof width === 'string') return;
    try {
      await update.mutateAsync({ prefix, width });
      toast({ variant: 'success', title: '診察券番号の付け方を保存しました' });
    } catch {
      // Shown in the card (update.error).
    }
  };

  const previewWidth = draft ? checkWhole(draft.width, 4, 12) : null;
  const previewPrefix = draft ? checkPrefix(draft.prefix) : null;
  const next = settings.data ? Number(settings.data.next_number.replace(/^.*?(\d+)$/u, '$1')) : null;

  return (
    <Card data-testid="patient-number-settings">
      <CardHeader>
        <CardTitle>
          <h2>診察券番号</h2>
        </CardTitle>
        <CardDescription>
          新しく登録した顧客に自動で付ける番号の接頭辞と桁数です。すでに付いた番号は変わりません。番号を指定・変更できるのは管理者だけです。
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending || (!draft && !settings.isError) ? (
          <SkeletonGroup label="診察券番号の設定を読み込んでいます">
            <Skeleton className="h-24 w-full" />
          </SkeletonGroup>
        ) : settings.isError ? (
          <LoadFailed
            title="診察券番号の設定を読み込めませんでした"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : !draft ? null : (
          <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
            <div className="flex flex-col gap-4 sm:flex-row">
              <TextField
                label={fieldLabels.prefix ?? '診察券番号の接頭辞'}
                description="半角の英大文字・数字・ハイフン。空なら数字だけです。"
                inputClassName="w-32"
                autoComplete="off"
                value={draft.prefix}
                error={errors.prefix}
                onChange={(event) => setDraft({ ...draft, prefix: event.target.value })}
              />
              <TextField
                label={fieldLabels.width ?? '診察券番号の桁数'}
                description="4〜12 桁。既定は 6 桁です。"
                inputMode="numeric"
                inputClassName="w-28"
                value={draft.width}
                error={errors.width}
                onChange={(event) => setDraft({ ...draft, width: event.target.value })}
              />
            </div>
            <p className="text-sm" aria-live="polite" data-testid="patient-number-sample">
              次に付く番号:{' '}
              <span className="font-medium tabular-nums">
                {next !== null && typeof previewWidth === 'number' && typeof previewPrefix === 'string'
                  ? sampleNumber(previewPrefix, previewWidth, next)
                  : settings.data.next_number}
              </span>
            </p>
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
