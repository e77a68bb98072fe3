import type { components } from '@tsumiki/api-client/schema';
import type { InvitationView } from './invitations.repository';

type Schemas = components['schemas'];

/** The path of the page that redeems a code; the client puts its origin in front. */
export function invitePath(code: string): string {
  return `/invite?code=${encodeURIComponent(code)}`;
}

/**
 * An invitation as the contract shows it; the code, and how its mail went, only when it was just
 * created.
 */
export function toInvitation(
  invitation: InvitationView,
  code: string | null = null,
  emailDelivery: Schemas['InvitationEmailDelivery'] | null = null,
): Schemas['Invitation'] {
  return {
    id: invitation.id,
    code,
    invite_path: code === null ? null : invitePath(code),
    email: invitation.email,
    role: invitation.role,
    status: invitation.status,
    message: invitation.message,
    expires_at: invitation.expires_at.toISOString(),
    created_by: invitation.created_by,
    created_at: invitation.created_at.toISOString(),
    used_at: invitation.used_at ? invitation.used_at.toISOString() : null,
    used_by: invitation.used_by,
    emailed_at: invitation.emailed_at ? invitation.emailed_at.toISOString() : null,
    email_delivery: emailDelivery,
  };
}
