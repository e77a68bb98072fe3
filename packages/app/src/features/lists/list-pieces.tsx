import type { Permission } from '@tsumiki/api-client';
import { Button, EmptyState, EmptyValue, SearchInput, type SearchInputProps, Select } from '@tsumiki/ui';
import { type LucideIcon, Pencil, SearchX, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePermissions } from '../access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../access/screen-states';
import { type FeatureKey, isFeatureEnabled, useFeatureFlags } from '../feature-flags';
import type { UrlSearch } from './list-hooks';

/** A table cell's value, or the dash read as 未入力 (or `label`) when there is none. */
export function orEmpty(value: string | null | undefined, label?: string): ReactNode {
  return value ?? <EmptyValue label={label} />;
}

/** An empty list's icon; `circled` sets it on a muted disc. */
export function EmptyIcon({ icon: Icon, circled = false }: { icon: LucideIcon; circled?: boolean }) {
  const icon = <Icon aria-hidden="true" className="size-6" />;
  if (!circled) return icon;
  return (
    <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
      {icon}
    </span>
  );
}

/** A filtered list that matches nothing, with the way back to every row. */
export function NoMatches({
  title,
  description,
  onClear,
  clearLabel = '条件をクリア',
  circled = false,
}: {
  title: string;
  description?: string;
  onClear: () => void;
  clearLabel?: string;
  circled?: boolean;
}) {
  return (
    <EmptyState
      icon={<EmptyIcon icon={SearchX} circled={circled} />}
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}

/**
 * A list filter's select: 「すべての…」 (the empty value) first, then each value by its label.
 * The label is visually hidden unless `showLabel`.
 */
export function FilterSelect<V extends string>({
  label,
  allLabel,
  values,
  labels,
  value,
  onChange,
  showLabel = false,
  className,
}: {
  label: string;
  allLabel: string;
  values: readonly V[];
  labels: Record<V, string>;
  value: V | '';
  onChange: (value: V | '') => void;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <Select
      label={label}
      hideLabel={showLabel ? undefined : true}
      className={className}
      placeholder={false}
      options={[
        { value: '', label: allLabel },
        ...values.map((item) => ({ value: item, label: labels[item] })),
      ]}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
    />
  );
}

/** A row's 編集 and 削除 buttons (icons only below sm), each named after the row. */
export function RowEditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  /** How the row reads in the buttons' names: 「山田 花子を編集」. */
  name: string;
  /** Absent without the permission to edit. */
  onEdit: (() => void) | undefined;
  /** Absent without the permission to delete. */
  onDelete: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-col justify-end gap-2 sm:flex-row">
      {onEdit ? (
        <Button variant="outline" size="sm" aria-label={`${name}を編集`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
          <span className="hidden sm:inline">編集</span>
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="outline" size="sm" aria-label={`${name}を削除`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">削除</span>
        </Button>
      ) : null}
    </div>
  );
}

/** A list's search box kept in step with its URL parameter (see useUrlSearch). */
export function UrlSearchInput({
  search,
  onSearch,
  ...props
}: Omit<SearchInputProps, 'value' | 'defaultValue' | 'onValueChange' | 'onSearch'> & {
  search: UrlSearch;
  onSearch: (query: string) => void;
}) {
  return (
    <SearchInput
      key={search.key}
      {...props}
      defaultValue={search.text}
      value={search.text}
      onValueChange={search.setText}
      onSearch={(query) => {
        search.markEmitted(query);
        onSearch(query);
      }}
    />
  );
}

/**
 * A routed screen behind its feature flag and read permission: the screen's title with why it is
 * not shown, or the screen.
 */
export function ScreenGate({
  title,
  feature,
  permission,
  children,
}: {
  title: string;
  feature: FeatureKey;
  permission: Permission;
  children: ReactNode;
}) {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, feature)) return <FeatureOffScreen title={title} />;
  if (!can(permission)) return <PermissionDeniedScreen title={title} />;
  return children;
}
