import type { operations } from '@tsumiki/api-client/schema';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { mailInvitation } from './invitation-mailing';
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
export function invitationsHandlers({ db, events, mailer, publicUrl, log }: ModuleDependencies) {
  return {
    async listInvitations({ query }, { tx }) {
      const { total, invitations } = await listInvitations(tx, query);
      return { status: 200, body: { total, invitations: invitations.map((row) => toInvitation(row)) } };
    },

    // Created in a short transaction; the mail is sent after it, with no connection held while the
    // mail server answers.
    createInvitation: outsideRequestTransaction<operations['createInvitation']>(
      async ({ body }, { inTenant, principal, tenant }) => {
        const actorId = tenant.membership ? principal.userId : null;
        const { invitation, code } = await inTenant((tx) => createInvitation(tx, actorId, body));
        const mailed = await mailInvitation(
          { mailer, publicUrl, log, inTenant },
          invitation,
          code,
          principal,
        );
        return { status: 201, body: toInvitation(mailed.invitation, code, mailed.delivery) };
      },
    ),

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
