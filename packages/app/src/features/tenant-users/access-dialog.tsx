import { useMutation } from '@tanstack/react-query';
import {
  contractEnums,
  formatValidationErrors,
  isApiError,
  permissionLabel,
  ROLE_DEFAULT_PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type Role,
  type TenantUser,
  USER_ADMINISTRATION_PERMISSION,
} from '@tsumiki/api-client';
import { updateTenantUserMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  PermissionMatrix,
  Select,
} from '@tsumiki/ui';
import { useState } from 'react';
import { useSignedIn } from '../../session/session';
import {
  ALL_PERMISSIONS,
  PERMISSION_ACTIONS,
  PERMISSION_RESOURCES,
  samePermissions,
  toPermissions,
} from './permission-catalogue';
import { userDisplayName } from './user-name';

export interface AccessDialogProps {
  /** The user whose role and permissions are shown; null closes the dialog. */
  user: TenantUser | null;
  onOpenChange: (open: boolean) => void;
  /** Without tenant_users.write: everything shown, nothing editable. */
  readOnly: boolean;
  /** The tenant's only active administrator: their role cannot leave admin (the server refuses it). */
  lastAdmin: boolean;
  onSaved: (user: TenantUser) => void;
}

/** 役割と権限を編集: the role and the per-user permission matrix, defaults marked. */
export function AccessDialog({ user, onOpenChange, readOnly, lastAdmin, onSaved }: AccessDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg" data-testid="access-dialog">
        <DialogHeader>
          <DialogTitle>{readOnly ? '役割と権限' : '役割と権限を編集'}</DialogTitle>
          <DialogDescription>{user ? `${userDisplayName(user)}（${user.email}）` : null}</DialogDescription>
        </DialogHeader>
        {user ? (
          <AccessForm
            key={user.id}
            user={user}
            readOnly={readOnly}
            lastAdmin={lastAdmin}
            onCancel={() => onOpenChange(false)}
            onSaved={onSaved}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AccessForm({
  user,
  readOnly,
  lastAdmin,
  onCancel,
  onSaved,
}: Omit<AccessDialogProps, 'user' | 'onOpenChange'> & { user: TenantUser; onCancel: () => void }) {
  const { api, tenant } = useSignedIn();
  const update = useMutation({
    ...updateTenantUserMutationOptions(api, tenant?.tenant_id),
    meta: { errorDisplay: 'inline' },
  });
  const [role, setRole] = useState<Role>(user.role);
  const [permissions, setPermissions] = useState<string[]>(() => [...user.permissions]);
  const [failure, setFailure] = useState<string | null>(null);
  const defaults = ROLE_DEFAULT_PERMISSIONS[role];
  const atDefaults = samePermissions(permissions, defaults);
  const changed = role !== user.role || !samePermissions(permissions, user.permissions);
  // The server would refuse it (MEM_001): the tenant must keep someone who can manage its users.
  const losesUserAdministration = lastAdmin && !permissions.includes(USER_ADMINISTRATION_PERMISSION);

  const save = async () => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        id: user.id,
        body: {
          ...(role !== user.role ? { role } : {}),
          permissions: toPermissions(permissions),
        },
      });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 422)
        setFailure(formatValidationErrors(error.validationErrors));
      else setFailure(error instanceof Error ? error.message : '保存できませんでした。');
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {failure ? (
        <Alert variant="error" className="whitespace-pre-line">
          {failure}
        </Alert>
      ) : null}
      <Select
        label="役割"
        placeholder={false}
        options={contractEnums.Role.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        value={role}
        disabled={readOnly || lastAdmin}
        onChange={(event) => {
          const next = event.target.value as Role;
          setRole(next);
          // A new role starts from its defaults, as the server does when only the role changes.
          setPermissions([...ROLE_DEFAULT_PERMISSIONS[next]]);
        }}
        description={
          lastAdmin
            ? 'ユーザーを管理できる最後の管理者のため、役割は変えられません。先にほかの人を管理者にしてください。'
            : `${ROLE_DESCRIPTIONS[role]}役割を変えると、権限はその役割の既定に戻ります。`
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {atDefaults
            ? `「${ROLE_LABELS[role]}」の既定の権限です。`
            : `「${ROLE_LABELS[role]}」の既定と異なる権限があります（印の付いた項目）。`}
        </p>
        {!readOnly && !atDefaults ? (
          <Button variant="outline" size="sm" onClick={() => setPermissions([...defaults])}>
            役割の既定に戻す
          </Button>
        ) : null}
      </div>
      <PermissionMatrix
        caption={`${userDisplayName(user)}の権限`}
        captionHidden
        resources={PERMISSION_RESOURCES}
        actions={PERMISSION_ACTIONS}
        available={ALL_PERMISSIONS}
        value={permissions}
        defaults={defaults}
        onChange={readOnly ? undefined : setPermissions}
      />
      {losesUserAdministration ? (
        <Alert variant="warning">
          {`ユーザーを管理できる最後の管理者のため、「${permissionLabel(USER_ADMINISTRATION_PERMISSION)}」の権限は外せません。先にほかの人を管理者にしてください。`}
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        変更は保存した直後の操作から効きます。本人の画面は、次に読み込んだときに変わります。
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {readOnly ? '閉じる' : 'キャンセル'}
        </Button>
        {readOnly ? null : (
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={!changed || losesUserAdministration}
          >
            保存する
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
