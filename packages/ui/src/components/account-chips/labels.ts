import type { VariantProps } from 'class-variance-authority';
import type { Messages } from '../../i18n';
import type { chipVariants } from '../chip/chip';

type ChipVariant = NonNullable<VariantProps<typeof chipVariants>['variant']>;

/** basic → ベーシック etc.; an unknown plan is shown as it is. */
export function planLabel(plan: string, messages: Pick<Messages, 'topBar'>): string {
  return messages.topBar.planLabels[plan.toLowerCase()] ?? plan;
}

/** The shown role defaults to 'user' (SPEC section 6). */
export function resolveRole(role: string | null | undefined): string {
  const trimmed = role?.trim();
  return trimmed ? trimmed : 'user';
}

export function roleLabel(role: string, messages: Pick<Messages, 'topBar'>): string {
  return messages.topBar.roleLabels[role.toLowerCase()] ?? role;
}

/** 'admin' shows in the primary colour (SPEC section 6). */
export function roleChipVariant(role: string): ChipVariant {
  return role.toLowerCase() === 'admin' ? 'primary' : 'default';
}
