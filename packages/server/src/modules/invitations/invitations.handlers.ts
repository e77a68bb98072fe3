import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { toInvitation } from './invitations.mapper';
import {
  createInvitation,
  deleteInvitation,
  listInvitations,
  previewInvitation,
  useInvitation,
} from './invitations.service';

/**
 * Invitations: the admin's list, create and revoke (tenant-scoped), and the two operations of
 * /invite, which run before the caller belongs to the tenant: preview (no token) and use.
 */
export function invitationsHandlers({ db, events }: ModuleDependencies) {
  return {
    async listInvitations({ query }, { tx }) {
      const { total, invitations } = await listInvitations(tx, query);
      return { status: 200, body: { total, invitations: invitations.map((row) => toInvitation(row)) } };
    },

    async createInvitation({ body }, { tx, principal, tenant }) {
      const actorId = tenant.membership ? principal.userId : null;
      const { invitation, code } = await createInvitation(tx, actorId, body);
      return { status: 201, body: toInvitation(invitation, code) };
    },

    async deleteInvitation({ params }, { tx, principal, tenant }) {
      await deleteInvitation(tx, tenant.membership ? principal.userId : null, params.id);
      return { status: 204, body: undefined };
    },

    async previewInvitation({ body }) {
      const invitation = await previewInvitation(db, body.code);
      return {
        status: 200,
        body: {
          tenant_name: invitation.tenant_name,
          role: invitation.role,
          email: invitation.email,
          status: invitation.status,
          expires_at: invitation.expires_at.toISOString(),
        },
      };
    },

    async useInvitation({ body }, { principal }) {
      return { status: 200, body: await useInvitation(db, events, principal, body) };
    },
  } satisfies ModuleHandlers;
}
