/**
 * Operations of the contract that are designed but not built yet. Each one declares `501` in
 * openapi.yaml; the route layer runs authentication, tenant, x-feature and x-permission checks
 * for it like for any other operation and then answers 501 SYS_005. No stubs, no fake data.
 *
 * The compiler keeps this list honest together with `satisfies ApiHandlers`: an operation is
 * either implemented (a handler, and no 501 in the contract) or planned (listed here, 501 in the
 * contract), never both and never neither. Implementing one means: drop its 501 from
 * openapi.yaml, run `pnpm generate`, remove it here and add its handler.
 */
import type { PlannedOperationId } from './typed-handlers';

export const plannedOperations = [
  // customers, interactions
  'createCustomer',
  'getCustomer',
  'updateCustomer',
  'deleteCustomer',
  'createInteraction',
  'listCustomerInteractions',
  // AI chat, assistant
  'sendChatMessage',
  'askAssistant',
  // documents, folders
  'uploadDocument',
  'uploadDocuments',
  'listDocuments',
  'getDocument',
  'deleteDocument',
  'searchDocuments',
  'semanticSearchDocuments',
  'moveDocument',
  'listFolders',
  'createFolder',
  'getFolder',
  'updateFolder',
  'deleteFolder',
  'moveFolder',
  // staff
  'listStaff',
  'createStaff',
  'searchStaff',
  'getStaff',
  'updateStaff',
  'deleteStaff',
  // products
  'listProducts',
  'createProduct',
  'searchProducts',
  'getProduct',
  'updateProduct',
  'deleteProduct',
  'analyzeProduct',
  // invitations
  'listInvitations',
  'createInvitation',
  'useInvitation',
  'deleteInvitation',
  // workflow AI, marketing AI
  'createWorkflow',
  'reviewWorkflow',
  'optimizeWorkflow',
  'analyzeCustomersForMarketing',
  'proposeCampaign',
  'analyzeCompetitors',
  'planContentCalendar',
  // notifications
  'listNotifications',
  'getNotificationStats',
  'getNotification',
  'updateNotification',
  'markNotificationsAsRead',
  'markAllNotificationsAsRead',
  // research
  'researchCustomer',
  'researchExistingCustomer',
  'researchCompetitors',
  'exportCustomerResearchPdf',
  'exportCompetitorResearchPdf',
  // knowledge base, legal check
  'uploadKnowledgeDocument',
  'listKnowledgeDocuments',
  'deleteKnowledgeDocument',
  'askKnowledge',
  'listKnowledgeChatHistory',
  'updateKnowledgeChatFeedback',
  // tenant users
  'listTenantUsers',
  'addTenantUser',
  'updateTenantUser',
  'toggleTenantUserStatus',
  // client error reports
  'reportClientError',
  'reportClientErrors',
] as const satisfies readonly PlannedOperationId[];

type Unlisted = Exclude<PlannedOperationId, (typeof plannedOperations)[number]>;

/** Fails to compile, naming the operation, when the contract plans one that is not listed above. */
export const everyPlannedOperationIsListed: [Unlisted] extends [never] ? true : { unlisted: Unlisted } = true;

export function isPlannedOperation(operationId: string): boolean {
  return (plannedOperations as readonly string[]).includes(operationId);
}
