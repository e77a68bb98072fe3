import type { ComponentProps } from 'react';
import { topBarMessages } from '../../i18n/groups/top-bar';
import { useMessageGroups } from '../../i18n/messages-provider';
import { Chip } from '../chip/chip';
import { planLabel, resolveRole, roleChipVariant, roleLabel } from './labels';

type ChipProps = Omit<ComponentProps<typeof Chip>, 'children' | 'variant' | 'role'>;

export type PlanChipProps = ChipProps & {
  /** The plan: basic / standard / premium (shown in Japanese); anything else is shown as it is. */
  value: string;
};

/** The tenant's plan, e.g. スタンダード, with a visually hidden プラン prefix. */
export function PlanChip({ value, ...props }: PlanChipProps) {
  const messages = useMessageGroups({ topBar: topBarMessages });
  return (
    <Chip data-slot="plan-chip" variant="info" {...props}>
      <span className="sr-only">{messages.topBar.plan}</span>
      {planLabel(value, messages)}
    </Chip>
  );
}

export type RoleChipProps = ChipProps & {
  /** The role: admin / staff / user; empty means user. admin shows in the primary colour. */
  value?: string | null;
};

/** The user's role in the tenant, e.g. 管理者, with a visually hidden 権限 prefix. */
export function RoleChip({ value, ...props }: RoleChipProps) {
  const messages = useMessageGroups({ topBar: topBarMessages });
  const shownRole = resolveRole(value);
  return (
    <Chip data-slot="role-chip" data-role={shownRole} variant={roleChipVariant(shownRole)} {...props}>
      <span className="sr-only">{messages.topBar.role}</span>
      {roleLabel(shownRole, messages)}
    </Chip>
  );
}
