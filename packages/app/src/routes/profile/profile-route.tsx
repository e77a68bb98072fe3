import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Chip,
  ConfirmDialog,
  PageHeader,
  PlanChip,
  RoleChip,
  Link as TextLink,
} from '@tsumiki/ui';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useToast } from '../../app/toasts';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { signOutSessions } from '../../features/profile/account-actions';
import { NameForm } from '../../features/profile/name-form';
import { PasswordChangeForm } from '../../features/profile/password-change-form';
import { TwoFactorCard } from '../../features/two-factor/two-factor-card';
import { useSignedIn } from '../../session/session';

/** /profile: the user's name, email, tenants and roles, password, and signing out everywhere. */
export function Component() {
  const { user, tenant } = useSignedIn();
  const { flags } = useFeatureFlags();
  const { toast } = useToast();
  const [signOutOpen, setSignOutOpen] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  const onSignOutEverywhere = async () => {
    setSignOutError(null);
    try {
      await signOutSessions('global');
    } catch (error) {
      setSignOutError(error instanceof Error ? error.message : 'ログアウトできませんでした。');
      throw error;
    }
    // Signed out: the route guard takes the user to /login (and back here after signing in).
    toast({
      variant: 'success',
      title: 'すべての端末からログアウトしました',
      description: 'もう一度ログインしてください。',
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={appRoutes.profile.title} description="ご自身のアカウントの情報とパスワードです。" />

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>基本情報</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <NameForm fullName={user.full_name} />
          <dl className="flex flex-col gap-1">
            <dt className="font-medium text-foreground">メールアドレス</dt>
            <dd className="break-all">{user.email}</dd>
            <dd className="text-xs text-muted-foreground">
              ログインに使うメールアドレスです。変更はテナントの管理者にお問い合わせください。
            </dd>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>所属テナントと役割</h2>
          </CardTitle>
          <CardDescription>画面は「利用中」のテナントのデータを表示しています。</CardDescription>
        </CardHeader>
        <CardContent>
          {user.tenant_info.length === 0 ? (
            <p className="text-muted-foreground">所属しているテナントはありません。</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border">
              {user.tenant_info.map((membership) => (
                <li
                  key={membership.tenant_id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col">
                    <span className="font-medium break-all text-foreground">{membership.tenant_name}</span>
                    <span className="text-xs text-muted-foreground">
                      テナントID: <span className="font-mono break-all">{membership.tenant_id}</span>
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {membership.tenant_id === tenant?.tenant_id ? <Chip variant="info">利用中</Chip> : null}
                    <PlanChip value={membership.plan} />
                    <RoleChip value={membership.role} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>パスワードの変更</h2>
          </CardTitle>
          <CardDescription>
            変更すると、安全のため、この端末以外のすべての端末からログアウトします。
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordChangeForm />
        </CardContent>
      </Card>

      <TwoFactorCard />

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>すべての端末からログアウト</h2>
          </CardTitle>
          <CardDescription>
            この端末を含め、ログイン中のすべての端末のセッションを終了します。端末をなくしたときや、共用の端末でログアウトし忘れたときに使います。
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button
            variant="destructive"
            className="w-fit"
            onClick={() => {
              setSignOutError(null);
              setSignOutOpen(true);
            }}
          >
            <LogOut aria-hidden="true" />
            すべての端末からログアウト
          </Button>
          {isFeatureEnabled(flags, 'session_management') ? (
            <p className="text-muted-foreground">
              端末ごとにログアウトするには{' '}
              <TextLink asChild>
                <Link to={appRoutes.sessionManager.path}>セッション管理</Link>
              </TextLink>{' '}
              を開いてください。
            </p>
          ) : null}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={signOutOpen}
        onOpenChange={setSignOutOpen}
        title="すべての端末からログアウトしますか？"
        description="この端末を含む、ログイン中のすべての端末のセッションを終了します。続けて使うには、もう一度ログインしてください。"
        confirmLabel="すべてログアウト"
        destructive
        onConfirm={onSignOutEverywhere}
      >
        {signOutError ? <Alert variant="error">{signOutError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}
