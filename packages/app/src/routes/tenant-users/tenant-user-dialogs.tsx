import type { TenantUser } from '@tsumiki/api-client';
import { accountKeys } from '@tsumiki/api-client/react';
import { lazy, Suspense } from 'react';
import { queryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { useOpenedOnce } from '../../features/lists/list-hooks';
import { userDisplayName } from '../../features/tenant-users/user-name';

// The dialogs load the first time they open.
const AddUserDialog = lazy(() =>
  import('../../features/tenant-users/add-user-dialog').then((module) => ({ default: module.AddUserDialog })),
);
const AccessDialog = lazy(() =>
  import('../../features/tenant-users/access-dialog').then((module) => ({ default: module.AccessDialog })),
);

/** ユーザーを追加 and 役割と権限, each mounted from the first time it opens. */
export function TenantUserDialogs({
  addOpen,
  onAddOpenChange,
  editing,
  onEditingChange,
  meId,
  canWrite,
  isLastAdmin,
}: {
  addOpen: boolean;
  onAddOpenChange: (open: boolean) => void;
  /** The user whose role and permissions are open; null while closed. */
  editing: TenantUser | null;
  onEditingChange: (user: TenantUser | null) => void;
  meId: string;
  canWrite: boolean;
  isLastAdmin: (user: TenantUser) => boolean;
}) {
  const { toast } = useToast();
  const addOpened = useOpenedOnce(addOpen);
  const editOpened = useOpenedOnce(editing !== null);
  return (
    <Suspense fallback={null}>
      {addOpened ? (
        <AddUserDialog
          open={addOpen}
          onOpenChange={onAddOpenChange}
          onAdded={(user) => {
            onAddOpenChange(false);
            toast({
              variant: 'success',
              title: 'ユーザーを追加しました',
              description: `${userDisplayName(user)}（${user.email}）`,
            });
          }}
        />
      ) : null}
      {editOpened ? (
        <AccessDialog
          user={editing}
          onOpenChange={(open) => {
            if (!open) onEditingChange(null);
          }}
          readOnly={!canWrite}
          lastAdmin={editing ? isLastAdmin(editing) : false}
          onSaved={(user) => {
            onEditingChange(null);
            // One's own permissions are the session's: the sidebar and the screens follow them.
            if (user.id === meId) void queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
            toast({
              variant: 'success',
              title: '役割と権限を保存しました',
              description: `${userDisplayName(user)}（${user.email}）`,
            });
          }}
        />
      ) : null}
    </Suspense>
  );
}
