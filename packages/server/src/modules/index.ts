/**
 * The API's handler table: one part per OpenAPI tag, each checked against the contract on its
 * own (`satisfies ModuleHandlers`), merged here and checked whole: an operation the contract no
 * longer plans (no 501) without a handler fails to compile. A new module is one line here.
 */

import { DomainEvents } from '../platform/events/domain-events';
import type { ApiHandlers } from '../platform/http/typed-handlers';
import { addressesHandlers } from './addresses/addresses.handlers';
import { assistantHandlers } from './assistant/assistant.handlers';
import { auditHandlers } from './audit/audit.handlers';
import { authHandlers } from './auth/auth.handlers';
import { chatHandlers } from './chat/chat.handlers';
import { customersHandlers } from './customers/customers.handlers';
import { documentsHandlers } from './documents/documents.handlers';
import { errorsHandlers } from './errors/errors.handlers';
import { featuresHandlers } from './features/features.handlers';
import { foldersHandlers } from './folders/folders.handlers';
import { interactionsHandlers } from './interactions/interactions.handlers';
import { invitationsHandlers } from './invitations/invitations.handlers';
import { knowledgeHandlers } from './knowledge/knowledge.handlers';
import { marketingHandlers } from './marketing/marketing.handlers';
import type { ModuleDependencies } from './module';
import { notificationsHandlers } from './notifications/notifications.handlers';
import { productsHandlers } from './products/products.handlers';
import { researchHandlers } from './research/research.handlers';
import { sessionsHandlers } from './sessions/sessions.handlers';
import { staffHandlers } from './staff/staff.handlers';
import { systemHandlers } from './system/system.handlers';
import { tenantUsersHandlers } from './tenant-users/tenant-users.handlers';
import { workflowHandlers } from './workflow/workflow.handlers';

export type { ModuleDependencies } from './module';

export function createApiHandlers(given: Omit<ModuleDependencies, 'events'>): ApiHandlers {
  const dependencies: ModuleDependencies = { ...given, events: new DomainEvents() };
  return {
    ...systemHandlers(dependencies),
    ...authHandlers(dependencies),
    ...featuresHandlers(dependencies),
    ...sessionsHandlers(dependencies),
    ...customersHandlers(dependencies),
    ...staffHandlers(dependencies),
    ...interactionsHandlers(dependencies),
    ...addressesHandlers(dependencies),
    ...notificationsHandlers(dependencies),
    ...errorsHandlers(dependencies),
    ...invitationsHandlers(dependencies),
    ...tenantUsersHandlers(dependencies),
    ...foldersHandlers(dependencies),
    ...documentsHandlers(dependencies),
    ...knowledgeHandlers(dependencies),
    ...workflowHandlers(dependencies),
    ...marketingHandlers(dependencies),
    ...productsHandlers(dependencies),
    ...chatHandlers(dependencies),
    ...assistantHandlers(dependencies),
    ...researchHandlers(dependencies),
    ...auditHandlers(dependencies),
  } satisfies ApiHandlers;
}
