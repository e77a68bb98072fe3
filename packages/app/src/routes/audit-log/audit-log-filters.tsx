import { useQuery } from '@tanstack/react-query';
import type { AccessAction } from '@tsumiki/api-client';
import { tenantUsersQueryOptions } from '@tsumiki/api-client/react';
import { DateField } from '@tsumiki/ui';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../../features/access/permissions';
import type { AuditLogListState } from '../../features/audit-log/audit-log-state';
import { CustomerChooser } from '../../features/forms/customer-chooser';
import { FilterSelect } from '../../features/lists/list-pieces';
import { userDisplayName } from '../../features/tenant-users/user-name';

/** The tenant's people for the person filter (one page holds a clinic's staff). */
const PEOPLE = { limit: 100 } as const;

/** 操作ログの絞り込み: person, customer, action, period (both days included). */
export function AuditLogFilters({
  state,
  update,
  customerName,
  actions,
  actionLabels,
}: {
  state: AuditLogListState;
  update: (patch: Partial<AuditLogListState>, options?: { replace?: boolean }) => void;
  /** The filtered customer's name when a row on screen tells it. */
  customerName: string | null;
  actions: readonly AccessAction[];
  actionLabels: Record<AccessAction, string>;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const people = useQuery({
    ...tenantUsersQueryOptions(api, tenantId, PEOPLE),
    enabled: can('tenant_users.read'),
  });
  const users = people.data?.users ?? [];
  const names = Object.fromEntries(users.map((user) => [user.id, userDisplayName(user)]));
  return (
    <search aria-label="操作ログの絞り込み" className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
      <FilterSelect
        label="操作した人"
        showLabel
        allLabel="すべての人"
        values={users.map((user) => user.id)}
        labels={names}
        value={state.user}
        onChange={(user) => update({ user, page: 1 })}
      />
      <FilterSelect
        label="操作の種類"
        showLabel
        allLabel="すべての操作"
        values={actions}
        labels={actionLabels}
        value={state.action}
        onChange={(action) => update({ action, page: 1 })}
      />
      <DateField
        label="期間（から）"
        showWareki={false}
        value={state.from || null}
        onValueChange={(from) => update({ from: from ?? '', page: 1 })}
      />
      <DateField
        label="期間（まで）"
        showWareki={false}
        value={state.to || null}
        onValueChange={(to) => update({ to: to ?? '', page: 1 })}
      />
      <div className="md:col-span-2 xl:col-span-4">
        <CustomerChooser
          value={state.customer ? { id: state.customer, name: customerName ?? '選んだ顧客' } : null}
          onChange={(customer) => update({ customer: customer?.id ?? '', page: 1 })}
          limit={8}
          labels={{
            search: '顧客で絞り込み',
            placeholder: '氏名・フリガナで検索',
            chosen: '顧客',
            clear: '絞り込みを外す',
            clearFor: (name) => `${name}の絞り込みを外す`,
          }}
          testId="audit-log-customer"
        />
      </div>
    </search>
  );
}
