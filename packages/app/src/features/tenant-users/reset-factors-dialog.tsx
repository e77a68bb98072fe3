import { useMutation } from '@tanstack/react-query';
import type { TenantUser } from '@tsumiki/api-client';
import { resetTenantUserFactorsMutationOptions } from '@tsumiki/api-client/react';
import { Alert, ConfirmDialog } from '@tsumiki/ui';
import { useToast } from '../../app/toasts';
import { useSignedIn } from '../../session/session';
import { useConfirmTarget } from '../lists/list-hooks';
import { userDisplayName } from './user-name';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '二段階認証をリセットできませんでした。';
}

/**
 * 「二段階認証をリセット」 of a member (tenant_users.write): their authenticator apps and recovery
 * codes are removed and their sessions ended; they enrol again at the next sign-in.
 */
export function useResetFactors() {
  const { api, tenant } = useSignedIn();
  const { toast } = useToast();
  const reset = useMutation({
    ...resetTenantUserFactorsMutationOptions(api, tenant?.tenant_id),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });
  const confirm = useConfirmTarget<TenantUser>(async (user) => {
    await reset.mutateAsync(user.id);
    toast({
      variant: 'success',
      title: '二段階認証をリセットしました',
      description: `${userDisplayName(user)}（${user.email}）`,
    });
  }, messageOf);
  const target = confirm.target;
  const dialog = (
    <ConfirmDialog
      {...confirm.dialogProps}
      title={target ? `${userDisplayName(target)}の二段階認証をリセットしますか？` : ''}
      description="登録済みの認証アプリとリカバリーコードをすべて削除し、ログイン中のセッションを終了します。本人は次のログインで認証アプリを登録し直します。この操作は操作ログに記録されます。"
      confirmLabel="リセット"
      destructive
    >
      {confirm.error ? <Alert variant="error">{confirm.error}</Alert> : null}
    </ConfirmDialog>
  );
  return { ask: confirm.ask, dialog };
}
