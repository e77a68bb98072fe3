import type { TenantUser } from '@tsumiki/api-client';

/** A user's name as the screens show it: the full name, else the email's local part. */
export function userDisplayName(user: Pick<TenantUser, 'full_name' | 'email'>): string {
  return user.full_name?.trim() || user.email.split('@')[0] || user.email;
}
