import type { components } from '@tsumiki/api-client';
import { DEMO_INVITATIONS } from './demo-records-admin';
import { DEMO_TENANT } from './session-fixture';
import { typedHandler } from './typed-handler';

type InvitationPreview = components['schemas']['InvitationPreview'];

/** The demo tenant's pending invitation (the one the invitations screen lists first). */
export const PENDING_INVITATION = DEMO_INVITATIONS[0]!;

/** POST /api/invitations/preview: what the invitation offers, as the server previews a code. */
export function invitationPreviewHandler(status: InvitationPreview['status'] = 'pending') {
  return typedHandler('post', '/api/invitations/preview', () => ({
    tenant_name: DEMO_TENANT.name,
    role: PENDING_INVITATION.role,
    email: null,
    status,
    expires_at: PENDING_INVITATION.expires_at,
  }));
}

/** /invite with the pending invitation's code, as its link opens it. */
export const INVITE_LINK = PENDING_INVITATION.invite_path!;
