import type { components } from '@tsumiki/api-client/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../platform/access/access';
import { findTenantProfile } from '../../platform/access/tenants.repository';
import { DEFAULT_TIME_ZONE } from '../../platform/access/time-zone';
import type { InTenant } from '../../platform/ai/tenant-ai';
import type { Mailer } from '../../platform/mail/mailer';
import { invitationMail } from './invitations.mail';
import { invitePath } from './invitations.mapper';
import { type InvitationView, markInvitationEmailed } from './invitations.repository';

type Delivery = components['schemas']['InvitationEmailDelivery'];

/**
 * Mails a just-created invitation to its address, when there is one and a mail server: the link
 * (the code travels only in it, never stored), the clinic's name, who invites and until when.
 * A refusal of the mail server does not undo the invitation: the screen shows the link to pass
 * on by hand, as without a mail server.
 */
export async function mailInvitation(
  services: {
    mailer: Mailer | null;
    publicUrl: string | null;
    log?: FastifyBaseLogger | undefined;
    inTenant: InTenant;
  },
  invitation: InvitationView,
  code: string,
  inviter: Principal,
): Promise<{ invitation: InvitationView; delivery: Delivery }> {
  if (invitation.email === null) return { invitation, delivery: 'no_address' };
  const { mailer, publicUrl } = services;
  if (!mailer || !publicUrl) return { invitation, delivery: 'not_configured' };
  const tenant = await services.inTenant((tx) => findTenantProfile(tx, tx.tenantId));
  const mail = invitationMail({
    to: invitation.email,
    tenantName: tenant?.name ?? 'Tsumiki',
    inviterName: inviter.fullName?.trim() || inviter.email,
    role: invitation.role,
    message: invitation.message,
    link: `${publicUrl}${invitePath(code)}`,
    expiresAt: invitation.expires_at,
    timeZone: tenant?.time_zone ?? DEFAULT_TIME_ZONE,
  });
  try {
    await mailer.send(mail);
  } catch (error) {
    services.log?.warn({ err: error, invitation_id: invitation.id }, '招待メールを送れませんでした');
    return { invitation, delivery: 'failed' };
  }
  const emailedAt = await services.inTenant((tx) => markInvitationEmailed(tx, invitation.id));
  return { invitation: { ...invitation, emailed_at: emailedAt }, delivery: 'sent' };
}
