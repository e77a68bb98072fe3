import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  RecoveryCodesDisplay,
  Skeleton,
} from '@tsumiki/ui';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../app/toasts';
import { formatTenantDateTime } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { EnrolStep } from './enrol-step';
import { type Factor, issueRecoveryCodes, listFactors, removeFactor } from './mfa-api';

const factorsKey = ['auth', 'mfa-factors'] as const;

/**
 * /profile's 二段階認証: the authenticator apps (name, date) with removal, adding one (QR code, key,
 * first code), and the recovery codes — shown once after the first enrolment, and made anew on request.
 */
export function TwoFactorCard() {
  const { user } = useSignedIn();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const factors = useQuery({ queryKey: factorsKey, queryFn: listFactors });
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: factorsKey });
    await queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
  };

  const onEnrolled = (issued: string[] | null) => {
    setEnrolling(false);
    setCodes(issued);
    toast({ variant: 'success', title: '認証アプリを登録しました' });
    void refresh();
  };

  const onRemove = async () => {
    if (!removing) return;
    setActionError(null);
    try {
      await removeFactor(removing.id);
    } catch (error) {
      setActionError(error instanceof Error ? error.message : '削除できませんでした。');
      throw error;
    }
    toast({ variant: 'success', title: `「${removing.friendlyName}」を削除しました` });
    await refresh();
  };

  const onRegenerate = async () => {
    setActionError(null);
    const result = await issueRecoveryCodes();
    if (result.error) {
      setActionError(result.error);
      throw new Error(result.error);
    }
    setCodes(result.data);
  };

  const list = factors.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>二段階認証</h2>
        </CardTitle>
        <CardDescription>
          ログインのとき、パスワードに加えて認証アプリに表示される 6
          桁のコードを入力します。パスワードが漏れても、第三者はログインできません。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {codes ? (
          <RecoveryCodesDisplay codes={codes} account={user.email} onSaved={() => setCodes(null)} />
        ) : null}
        {factors.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : factors.isError ? (
          <Alert variant="error">認証アプリの一覧を読み込めませんでした。</Alert>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">認証アプリは登録されていません。</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border" aria-label="登録済みの認証アプリ">
            {list.map((factor) => (
              <li
                key={factor.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium break-all text-foreground">{factor.friendlyName}</span>
                  <span className="text-xs text-muted-foreground">
                    登録日時: {formatTenantDateTime(factor.createdAt)}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => {
                    setActionError(null);
                    setRemoving(factor);
                  }}
                >
                  <Trash2 aria-hidden="true" />
                  削除
                </Button>
              </li>
            ))}
          </ul>
        )}
        {enrolling ? (
          <EnrolStep
            onEnrolled={onEnrolled}
            onCancel={() => setEnrolling(false)}
            issueCodes={list.length === 0}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button className="w-fit" onClick={() => setEnrolling(true)}>
              <Plus aria-hidden="true" />
              認証アプリを登録
            </Button>
            {list.length > 0 ? (
              <Button
                variant="outline"
                className="w-fit"
                onClick={() => {
                  setActionError(null);
                  setRegenerateOpen(true);
                }}
              >
                <KeyRound aria-hidden="true" />
                リカバリーコードを作り直す
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="認証アプリを削除しますか？"
        description={`「${removing?.friendlyName ?? ''}」を削除します。テナントで二段階認証が必須のときは、次のログインで登録し直す必要があります。`}
        confirmLabel="削除"
        destructive
        onConfirm={onRemove}
      >
        {actionError ? <Alert variant="error">{actionError}</Alert> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={regenerateOpen}
        onOpenChange={setRegenerateOpen}
        title="リカバリーコードを作り直しますか？"
        description="新しいコードを 10 個作ります。これまでのリカバリーコードは使えなくなります。"
        confirmLabel="作り直す"
        onConfirm={onRegenerate}
      >
        {actionError ? <Alert variant="error">{actionError}</Alert> : null}
      </ConfirmDialog>
    </Card>
  );
}
