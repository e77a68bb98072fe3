import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { operations } from '../src/generated/schema';
import { createApiClient } from '../src/index';
import * as react from '../src/react';
import { json, startTestServer } from './http-server';

const TENANT = '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a01';
const ID = '0b9e8c1a-2f4d-4c6b-8a7e-1d2c3b4a5f60';
type Api = ReturnType<typeof createApiClient>;
type Factories = typeof react;

interface Case {
  /** The factory under test. */
  factory: keyof Factories;
  method: string;
  path: string;
  run: (api: Api, client: QueryClient) => Promise<unknown>;
}

const query = (options: { queryKey: readonly unknown[] }) => (client: QueryClient) =>
  client.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0]);
// biome-ignore lint/suspicious/noExplicitAny: a table of factories with different variable types
const mutate = (options: any, variables?: unknown) => (client: QueryClient) =>
  new MutationObserver<unknown, Error, unknown>(client, options).mutate(variables);

const file = new File(['テスト'], '診療案内.txt', { type: 'text/plain' });

/** Every operation of the contract has a factory here, or says why it has none. */
const coverage = {
  getHealth: null, // called directly by monitoring, not through React
  getOpenApiDocument: null, // the reference page reads it
  getTenantMe: 'tenantMeQueryOptions',
  getMyFeatures: 'myFeaturesQueryOptions',
  getTenantFeatureSettings: 'featureSettingsQueryOptions',
  updateTenantFeatureSettings: 'updateFeatureSettingsMutationOptions',
  getTenantSecuritySettings: 'securitySettingsQueryOptions',
  updateTenantSecuritySettings: 'updateSecuritySettingsMutationOptions',
  getPatientNumberSettings: 'patientNumberSettingsQueryOptions',
  updatePatientNumberSettings: 'updatePatientNumberSettingsMutationOptions',
  getCurrentSession: 'currentSessionQueryOptions',
  extendCurrentSession: 'extendCurrentSessionMutationOptions',
  listSessions: 'sessionsQueryOptions',
  revokeSession: 'revokeSessionMutationOptions',
  listCustomers: 'customersQueryOptions',
  createCustomer: 'createCustomerMutationOptions',
  checkCustomerDuplicates: 'checkCustomerDuplicatesMutationOptions',
  listCustomerDuplicates: 'customerDuplicatesQueryOptions',
  listCustomerMerges: 'customerMergesQueryOptions',
  dismissCustomerDuplicate: 'dismissCustomerDuplicateMutationOptions',
  mergeCustomers: 'mergeCustomersMutationOptions',
  undoCustomerMerge: 'undoCustomerMergeMutationOptions',
  getCustomer: 'customerQueryOptions',
  updateCustomer: 'updateCustomerMutationOptions',
  deleteCustomer: 'deleteCustomerMutationOptions',
  listCustomerAssignees: 'customerAssigneesQueryOptions',
  exportCustomers: 'exportCustomersMutationOptions',
  importCustomers: 'importCustomersMutationOptions',
  listCustomerImports: 'customerImportsQueryOptions',
  startCustomerImport: 'startCustomerImportMutationOptions',
  getCustomerImport: 'customerImportQueryOptions',
  cancelCustomerImport: 'cancelCustomerImportMutationOptions',
  listCustomerImportDuplicates: 'customerImportDuplicatesQueryOptions',
  chooseCustomerImportDuplicates: 'chooseCustomerImportDuplicatesMutationOptions',
  downloadCustomerImportErrors: 'downloadCustomerImportErrorsMutationOptions',
  restoreCustomer: 'restoreCustomerMutationOptions',
  lookupPostalCode: 'postalCodeQueryOptions',
  listInteractions: 'interactionsQueryOptions',
  createInteraction: 'createInteractionMutationOptions',
  listCustomerInteractions: 'customerInteractionsQueryOptions',
  updateInteraction: 'updateInteractionMutationOptions',
  deleteInteraction: 'deleteInteractionMutationOptions',
  listInteractionVersions: 'interactionVersionsQueryOptions',
  listDeletedCustomers: 'deletedCustomersQueryOptions',
  purgeCustomer: 'purgeCustomerMutationOptions',
  downloadCustomerDisclosure: 'downloadCustomerDisclosureMutationOptions',
  stopCustomerUse: 'stopCustomerUseMutationOptions',
  liftCustomerUseStop: 'liftCustomerUseStopMutationOptions',
  eraseCustomer: 'eraseCustomerMutationOptions',
  sendChatMessage: 'sendChatMessageMutationOptions',
  askAssistant: 'askAssistantMutationOptions',
  uploadDocument: 'uploadDocumentMutationOptions',
  uploadDocuments: 'uploadDocumentsMutationOptions',
  listDocuments: 'documentsQueryOptions',
  getDocument: 'documentQueryOptions',
  deleteDocument: 'deleteDocumentMutationOptions',
  searchDocuments: 'documentSearchQueryOptions',
  semanticSearchDocuments: 'semanticSearchQueryOptions',
  moveDocument: 'moveDocumentMutationOptions',
  updateDocument: 'updateDocumentMutationOptions',
  downloadDocument: 'downloadDocumentMutationOptions',
  listStaff: 'staffListQueryOptions',
  createStaff: 'createStaffMutationOptions',
  searchStaff: 'staffSearchQueryOptions',
  getStaff: 'staffMemberQueryOptions',
  updateStaff: 'updateStaffMutationOptions',
  deleteStaff: 'deleteStaffMutationOptions',
  listProducts: 'productsQueryOptions',
  createProduct: 'createProductMutationOptions',
  searchProducts: 'productSearchQueryOptions',
  getProduct: 'productQueryOptions',
  updateProduct: 'updateProductMutationOptions',
  deleteProduct: 'deleteProductMutationOptions',
  analyzeProduct: 'analyzeProductMutationOptions',
  listInvitations: 'invitationsQueryOptions',
  createInvitation: 'createInvitationMutationOptions',
  previewInvitation: 'invitationPreviewQueryOptions',
  useInvitation: 'useInvitationMutationOptions',
  deleteInvitation: 'deleteInvitationMutationOptions',
  createWorkflow: 'createWorkflowMutationOptions',
  reviewWorkflow: 'reviewWorkflowMutationOptions',
  optimizeWorkflow: 'optimizeWorkflowMutationOptions',
  analyzeCustomersForMarketing: 'analyzeCustomersForMarketingMutationOptions',
  proposeCampaign: 'proposeCampaignMutationOptions',
  analyzeCompetitors: 'analyzeCompetitorsMutationOptions',
  planContentCalendar: 'planContentCalendarMutationOptions',
  checkAdvertising: 'checkAdvertisingMutationOptions',
  listNotifications: 'notificationsInfiniteQueryOptions',
  getNotificationStats: 'notificationStatsQueryOptions',
  getNotification: 'notificationQueryOptions',
  updateNotification: 'updateNotificationMutationOptions',
  markNotificationsAsRead: 'markNotificationsAsReadMutationOptions',
  markAllNotificationsAsRead: 'markAllNotificationsAsReadMutationOptions',
  getNotificationDigestSettings: 'notificationDigestQueryOptions',
  updateNotificationDigestSettings: 'updateNotificationDigestMutationOptions',
  streamNotificationEvents: null, // a stream, not a query: openNotificationEvents (notification-events.test.ts)
  listFolders: 'foldersQueryOptions',
  createFolder: 'createFolderMutationOptions',
  getFolder: 'folderQueryOptions',
  updateFolder: 'updateFolderMutationOptions',
  deleteFolder: 'deleteFolderMutationOptions',
  moveFolder: 'moveFolderMutationOptions',
  researchCustomer: 'researchCustomerMutationOptions',
  researchExistingCustomer: 'researchExistingCustomerMutationOptions',
  researchCompetitors: 'researchCompetitorsMutationOptions',
  exportCustomerResearchPdf: 'exportCustomerResearchPdfMutationOptions',
  exportCompetitorResearchPdf: 'exportCompetitorResearchPdfMutationOptions',
  listResearchReports: 'researchReportsQueryOptions',
  getResearchReport: 'researchReportQueryOptions',
  deleteResearchReport: 'deleteResearchReportMutationOptions',
  uploadKnowledgeDocument: 'uploadKnowledgeDocumentMutationOptions',
  listKnowledgeDocuments: 'knowledgeDocumentsQueryOptions',
  deleteKnowledgeDocument: 'deleteKnowledgeDocumentMutationOptions',
  askKnowledge: 'askKnowledgeMutationOptions',
  listKnowledgeChatHistory: 'knowledgeChatHistoryQueryOptions',
  updateKnowledgeChatFeedback: 'knowledgeFeedbackMutationOptions',
  downloadKnowledgeDocument: 'downloadKnowledgeDocumentMutationOptions',
  getKnowledgePassage: 'knowledgePassageQueryOptions',
  listTenantUsers: 'tenantUsersQueryOptions',
  addTenantUser: 'addTenantUserMutationOptions',
  updateTenantUser: 'updateTenantUserMutationOptions',
  toggleTenantUserStatus: 'toggleTenantUserStatusMutationOptions',
  resetTenantUserFactors: 'resetTenantUserFactorsMutationOptions',
  reportClientError: 'reportClientErrorMutationOptions',
  reportClientErrors: 'reportClientErrorsMutationOptions',
  listAuditLog: 'auditLogQueryOptions',
  exportAuditLog: 'exportAuditLogMutationOptions',
  verifyAuditLog: 'verifyAuditLogMutationOptions',
} as const satisfies Record<keyof operations, keyof Factories | null>;

// Bodies are not validated by this server; the contract's types are checked by the compiler.
// biome-ignore lint/suspicious/noExplicitAny: see above
const body = {} as any;
const r = react;
const cases: Case[] = [
  {
    factory: 'tenantMeQueryOptions',
    method: 'GET',
    path: '/api/auth/tenant/me',
    run: (api, c) => query(r.tenantMeQueryOptions(api))(c),
  },
  {
    factory: 'myFeaturesQueryOptions',
    method: 'GET',
    path: '/api/tenant-features/my-features',
    run: (api, c) => query(r.myFeaturesQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'currentSessionQueryOptions',
    method: 'GET',
    path: '/api/sessions/current',
    run: (api, c) => query(r.currentSessionQueryOptions(api))(c),
  },
  {
    factory: 'extendCurrentSessionMutationOptions',
    method: 'POST',
    path: '/api/sessions/current/extend',
    run: (api, c) => mutate(r.extendCurrentSessionMutationOptions(api), { minutes: 60 })(c),
  },
  {
    factory: 'sessionsQueryOptions',
    method: 'GET',
    path: '/api/sessions',
    run: (api, c) => query(r.sessionsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'revokeSessionMutationOptions',
    method: 'DELETE',
    path: `/api/sessions/${ID}`,
    run: (api, c) => mutate(r.revokeSessionMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'customersQueryOptions',
    method: 'GET',
    path: '/api/customers?limit=5&search=%E3%81%95%E3%81%A8%E3%81%86',
    run: (api, c) => query(r.customersQueryOptions(api, TENANT, { limit: 5, search: 'さとう' }))(c),
  },
  {
    factory: 'createCustomerMutationOptions',
    method: 'POST',
    path: '/api/customers',
    run: (api, c) => mutate(r.createCustomerMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'checkCustomerDuplicatesMutationOptions',
    method: 'POST',
    path: '/api/customers/duplicate-check',
    run: (api, c) =>
      mutate(r.checkCustomerDuplicatesMutationOptions(api, TENANT), {
        last_name_kana: 'ヤマダ',
        birth_date: '1980-04-01',
      })(c),
  },
  {
    factory: 'customerDuplicatesQueryOptions',
    method: 'GET',
    path: '/api/customers/duplicates?limit=5',
    run: (api, c) => query(r.customerDuplicatesQueryOptions(api, TENANT, { limit: 5 }))(c),
  },
  {
    factory: 'customerMergesQueryOptions',
    method: 'GET',
    path: '/api/customers/merges?skip=10&limit=10',
    run: (api, c) => query(r.customerMergesQueryOptions(api, TENANT, { skip: 10, limit: 10 }))(c),
  },
  {
    factory: 'dismissCustomerDuplicateMutationOptions',
    method: 'POST',
    path: `/api/customers/${ID}/duplicate-dismissals`,
    run: (api, c) =>
      mutate(r.dismissCustomerDuplicateMutationOptions(api, TENANT), { id: ID, otherId: TENANT })(c),
  },
  {
    factory: 'mergeCustomersMutationOptions',
    method: 'POST',
    path: `/api/customers/${ID}/merge`,
    run: (api, c) =>
      mutate(r.mergeCustomersMutationOptions(api, TENANT), {
        id: ID,
        body: { merged_id: TENANT, keep: { phone: 'merged' } },
      })(c),
  },
  {
    factory: 'undoCustomerMergeMutationOptions',
    method: 'POST',
    path: `/api/customers/${ID}/unmerge`,
    run: (api, c) => mutate(r.undoCustomerMergeMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'customerQueryOptions',
    method: 'GET',
    path: `/api/customers/${ID}`,
    run: (api, c) => query(r.customerQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateCustomerMutationOptions',
    method: 'PUT',
    path: `/api/customers/${ID}`,
    run: (api, c) => mutate(r.updateCustomerMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'deleteCustomerMutationOptions',
    method: 'DELETE',
    path: `/api/customers/${ID}`,
    run: (api, c) => mutate(r.deleteCustomerMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'customerImportsQueryOptions',
    method: 'GET',
    path: '/api/customers/imports',
    run: (api, c) => query(r.customerImportsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'startCustomerImportMutationOptions',
    method: 'POST',
    path: '/api/customers/imports',
    run: (api, c) =>
      mutate(r.startCustomerImportMutationOptions(api, TENANT), { file: new Blob(['姓']) as never })(c),
  },
  {
    factory: 'customerImportQueryOptions',
    method: 'GET',
    path: `/api/customers/imports/${ID}`,
    run: (api, c) => query(r.customerImportQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'cancelCustomerImportMutationOptions',
    method: 'POST',
    path: `/api/customers/imports/${ID}/cancel`,
    run: (api, c) => mutate(r.cancelCustomerImportMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'customerImportDuplicatesQueryOptions',
    method: 'GET',
    path: `/api/customers/imports/${ID}/duplicates`,
    run: (api, c) => query(r.customerImportDuplicatesQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'chooseCustomerImportDuplicatesMutationOptions',
    method: 'POST',
    path: `/api/customers/imports/${ID}/start`,
    run: (api, c) =>
      mutate(r.chooseCustomerImportDuplicatesMutationOptions(api, TENANT), { id: ID, duplicates: 'skip' })(c),
  },
  {
    factory: 'downloadCustomerImportErrorsMutationOptions',
    method: 'GET',
    path: `/api/customers/imports/${ID}/errors.csv`,
    run: (api, c) => mutate(r.downloadCustomerImportErrorsMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'customerAssigneesQueryOptions',
    method: 'GET',
    path: '/api/customers/assignees',
    run: (api, c) => query(r.customerAssigneesQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'exportCustomersMutationOptions',
    method: 'GET',
    path: '/api/customers/export?encoding=shift_jis&search=%E4%BD%90%E8%97%A4',
    run: (api, c) =>
      mutate(r.exportCustomersMutationOptions(api, TENANT), { encoding: 'shift_jis', search: '佐藤' })(c),
  },
  {
    factory: 'importCustomersMutationOptions',
    method: 'POST',
    path: '/api/customers/import',
    run: (api, c) => mutate(r.importCustomersMutationOptions(api, TENANT), { rows: [{}], dry_run: true })(c),
  },
  {
    factory: 'restoreCustomerMutationOptions',
    method: 'POST',
    path: `/api/customers/${ID}/restore`,
    run: (api, c) => mutate(r.restoreCustomerMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'postalCodeQueryOptions',
    method: 'GET',
    path: '/api/postal-codes/1500001',
    run: (api, c) => query(r.postalCodeQueryOptions(api, '150-0001'))(c),
  },
  {
    factory: 'interactionsQueryOptions',
    method: 'GET',
    path: '/api/interactions?limit=3',
    run: (api, c) => query(r.interactionsQueryOptions(api, TENANT, { limit: 3 }))(c),
  },
  {
    factory: 'createInteractionMutationOptions',
    method: 'POST',
    path: '/api/interactions',
    run: (api, c) => mutate(r.createInteractionMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'customerInteractionsQueryOptions',
    method: 'GET',
    path: `/api/interactions/${ID}`,
    run: (api, c) => query(r.customerInteractionsQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateInteractionMutationOptions',
    method: 'PUT',
    path: `/api/customers/${ID}/interactions/${ID}`,
    run: (api, c) =>
      mutate(r.updateInteractionMutationOptions(api, TENANT), {
        customerId: ID,
        interactionId: ID,
        body: { version: 1, content: '訂正' },
      })(c),
  },
  {
    factory: 'deleteInteractionMutationOptions',
    method: 'DELETE',
    path: `/api/customers/${ID}/interactions/${ID}`,
    run: (api, c) =>
      mutate(r.deleteInteractionMutationOptions(api, TENANT), { customerId: ID, interactionId: ID })(c),
  },
  {
    factory: 'interactionVersionsQueryOptions',
    method: 'GET',
    path: `/api/customers/${ID}/interactions/${ID}/versions`,
    run: (api, c) => query(r.interactionVersionsQueryOptions(api, TENANT, ID, ID))(c),
  },
  {
    factory: 'deletedCustomersQueryOptions',
    method: 'GET',
    path: '/api/customers/trash?limit=10',
    run: (api, c) => query(r.deletedCustomersQueryOptions(api, TENANT, { limit: 10 }))(c),
  },
  {
    factory: 'purgeCustomerMutationOptions',
    method: 'DELETE',
    path: `/api/customers/${ID}/permanent`,
    run: (api, c) => mutate(r.purgeCustomerMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'downloadCustomerDisclosureMutationOptions',
    method: 'GET',
    path: `/api/customers/${ID}/disclosure`,
    run: (api, c) => mutate(r.downloadCustomerDisclosureMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'stopCustomerUseMutationOptions',
    method: 'PUT',
    path: `/api/customers/${ID}/use-stop`,
    run: (api, c) =>
      mutate(r.stopCustomerUseMutationOptions(api, TENANT), { id: ID, body: { reason: '本人の請求' } })(c),
  },
  {
    factory: 'liftCustomerUseStopMutationOptions',
    method: 'DELETE',
    path: `/api/customers/${ID}/use-stop`,
    run: (api, c) => mutate(r.liftCustomerUseStopMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'eraseCustomerMutationOptions',
    method: 'POST',
    path: `/api/customers/${ID}/erasure`,
    run: (api, c) =>
      mutate(r.eraseCustomerMutationOptions(api, TENANT), {
        id: ID,
        body: { confirm_name: '佐藤 花子', reason: '本人の請求' },
      })(c),
  },
  {
    factory: 'sendChatMessageMutationOptions',
    method: 'POST',
    path: '/api/chat',
    run: (api, c) => mutate(r.sendChatMessageMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'askAssistantMutationOptions',
    method: 'POST',
    path: '/api/aiassistant/',
    run: (api, c) => mutate(r.askAssistantMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'uploadDocumentMutationOptions',
    method: 'POST',
    path: '/api/documents/upload',
    run: (api, c) => mutate(r.uploadDocumentMutationOptions(api, TENANT), { file, folder_id: ID })(c),
  },
  {
    factory: 'uploadDocumentsMutationOptions',
    method: 'POST',
    path: '/api/documents/upload-multiple',
    run: (api, c) => mutate(r.uploadDocumentsMutationOptions(api, TENANT), { files: [file, file] })(c),
  },
  {
    factory: 'documentsQueryOptions',
    method: 'GET',
    path: `/api/documents/?folder_id=${ID}`,
    run: (api, c) => query(r.documentsQueryOptions(api, TENANT, { folder_id: ID }))(c),
  },
  {
    factory: 'documentQueryOptions',
    method: 'GET',
    path: `/api/documents/${ID}`,
    run: (api, c) => query(r.documentQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'deleteDocumentMutationOptions',
    method: 'DELETE',
    path: `/api/documents/${ID}`,
    run: (api, c) => mutate(r.deleteDocumentMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'documentSearchQueryOptions',
    method: 'POST',
    path: '/api/documents/search?query=%E5%A5%91%E7%B4%84',
    run: (api, c) => query(r.documentSearchQueryOptions(api, TENANT, { query: '契約' }))(c),
  },
  {
    factory: 'semanticSearchQueryOptions',
    method: 'POST',
    path: '/api/documents/semantic-search?query=%E5%A5%91%E7%B4%84',
    run: (api, c) => query(r.semanticSearchQueryOptions(api, TENANT, { query: '契約' }))(c),
  },
  {
    factory: 'moveDocumentMutationOptions',
    method: 'PUT',
    path: `/api/documents/${ID}/move`,
    run: (api, c) => mutate(r.moveDocumentMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'updateDocumentMutationOptions',
    method: 'PATCH',
    path: `/api/documents/${ID}`,
    run: (api, c) =>
      mutate(r.updateDocumentMutationOptions(api, TENANT), { id: ID, body: { file_name: '契約書.pdf' } })(c),
  },
  {
    factory: 'downloadDocumentMutationOptions',
    method: 'GET',
    path: `/api/documents/${ID}/content?disposition=attachment`,
    run: (api, c) => mutate(r.downloadDocumentMutationOptions(api, TENANT), { id: ID, fileName: 'a.pdf' })(c),
  },
  {
    factory: 'staffListQueryOptions',
    method: 'GET',
    path: '/api/staff/',
    run: (api, c) => query(r.staffListQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'createStaffMutationOptions',
    method: 'POST',
    path: '/api/staff/',
    run: (api, c) => mutate(r.createStaffMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'staffSearchQueryOptions',
    method: 'GET',
    path: '/api/staff/search?query=%E7%94%B0%E4%B8%AD',
    run: (api, c) => query(r.staffSearchQueryOptions(api, TENANT, { query: '田中' }))(c),
  },
  {
    factory: 'staffMemberQueryOptions',
    method: 'GET',
    path: `/api/staff/${ID}`,
    run: (api, c) => query(r.staffMemberQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateStaffMutationOptions',
    method: 'PUT',
    path: `/api/staff/${ID}`,
    run: (api, c) => mutate(r.updateStaffMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'deleteStaffMutationOptions',
    method: 'DELETE',
    path: `/api/staff/${ID}`,
    run: (api, c) => mutate(r.deleteStaffMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'productsQueryOptions',
    method: 'GET',
    path: '/api/products/',
    run: (api, c) => query(r.productsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'createProductMutationOptions',
    method: 'POST',
    path: '/api/products/',
    run: (api, c) => mutate(r.createProductMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'productSearchQueryOptions',
    method: 'GET',
    path: '/api/products/search?q=%E6%A4%9C%E8%A8%BA',
    run: (api, c) => query(r.productSearchQueryOptions(api, TENANT, { q: '検診' }))(c),
  },
  {
    factory: 'productQueryOptions',
    method: 'GET',
    path: `/api/products/${ID}`,
    run: (api, c) => query(r.productQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateProductMutationOptions',
    method: 'PUT',
    path: `/api/products/${ID}`,
    run: (api, c) => mutate(r.updateProductMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'deleteProductMutationOptions',
    method: 'DELETE',
    path: `/api/products/${ID}`,
    run: (api, c) => mutate(r.deleteProductMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'analyzeProductMutationOptions',
    method: 'POST',
    path: `/api/products/${ID}/analyze`,
    run: (api, c) => mutate(r.analyzeProductMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'invitationsQueryOptions',
    method: 'GET',
    path: '/api/invitations/',
    run: (api, c) => query(r.invitationsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'createInvitationMutationOptions',
    method: 'POST',
    path: '/api/invitations/',
    run: (api, c) => mutate(r.createInvitationMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'invitationPreviewQueryOptions',
    method: 'POST',
    path: '/api/invitations/preview',
    run: (api, c) => query(r.invitationPreviewQueryOptions(api, 'code'))(c),
  },
  {
    factory: 'featureSettingsQueryOptions',
    method: 'GET',
    path: '/api/tenant-features',
    run: (api, c) => query(r.featureSettingsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'updateFeatureSettingsMutationOptions',
    method: 'PUT',
    path: '/api/tenant-features',
    run: (api, c) => mutate(r.updateFeatureSettingsMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'securitySettingsQueryOptions',
    method: 'GET',
    path: '/api/tenant-settings/security',
    run: (api, c) => query(r.securitySettingsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'updateSecuritySettingsMutationOptions',
    method: 'PUT',
    path: '/api/tenant-settings/security',
    run: (api, c) => mutate(r.updateSecuritySettingsMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'patientNumberSettingsQueryOptions',
    method: 'GET',
    path: '/api/tenant-settings/patient-numbers',
    run: (api, c) => query(r.patientNumberSettingsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'updatePatientNumberSettingsMutationOptions',
    method: 'PUT',
    path: '/api/tenant-settings/patient-numbers',
    run: (api, c) => mutate(r.updatePatientNumberSettingsMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'useInvitationMutationOptions',
    method: 'POST',
    path: '/api/invitations/use',
    run: (api, c) => mutate(r.useInvitationMutationOptions(api), body)(c),
  },
  {
    factory: 'deleteInvitationMutationOptions',
    method: 'DELETE',
    path: `/api/invitations/${ID}`,
    run: (api, c) => mutate(r.deleteInvitationMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'createWorkflowMutationOptions',
    method: 'POST',
    path: '/api/workflow/create',
    run: (api, c) => mutate(r.createWorkflowMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'reviewWorkflowMutationOptions',
    method: 'POST',
    path: '/api/workflow/review',
    run: (api, c) => mutate(r.reviewWorkflowMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'optimizeWorkflowMutationOptions',
    method: 'POST',
    path: '/api/workflow/optimize',
    run: (api, c) => mutate(r.optimizeWorkflowMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'analyzeCustomersForMarketingMutationOptions',
    method: 'POST',
    path: '/api/marketing/customer-analysis',
    run: (api, c) => mutate(r.analyzeCustomersForMarketingMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'proposeCampaignMutationOptions',
    method: 'POST',
    path: '/api/marketing/campaign-proposal',
    run: (api, c) => mutate(r.proposeCampaignMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'analyzeCompetitorsMutationOptions',
    method: 'POST',
    path: '/api/marketing/competitor-analysis',
    run: (api, c) => mutate(r.analyzeCompetitorsMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'planContentCalendarMutationOptions',
    method: 'POST',
    path: '/api/marketing/content-calendar',
    run: (api, c) => mutate(r.planContentCalendarMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'checkAdvertisingMutationOptions',
    method: 'POST',
    path: '/api/marketing/advertising-check',
    run: (api, c) => mutate(r.checkAdvertisingMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'notificationsInfiniteQueryOptions',
    method: 'GET',
    path: '/api/notifications?limit=10&skip=0',
    run: (api, c) => c.fetchInfiniteQuery(r.notificationsInfiniteQueryOptions(api, TENANT)),
  },
  {
    factory: 'notificationStatsQueryOptions',
    method: 'GET',
    path: '/api/notifications/stats',
    run: (api, c) => query(r.notificationStatsQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'notificationQueryOptions',
    method: 'GET',
    path: `/api/notifications/${ID}`,
    run: (api, c) => query(r.notificationQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateNotificationMutationOptions',
    method: 'PATCH',
    path: `/api/notifications/${ID}`,
    run: (api, c) =>
      mutate(r.updateNotificationMutationOptions(api, TENANT), { id: ID, body: { read: true } })(c),
  },
  {
    factory: 'markNotificationsAsReadMutationOptions',
    method: 'POST',
    path: '/api/notifications/mark-as-read',
    run: (api, c) =>
      mutate(r.markNotificationsAsReadMutationOptions(api, TENANT), { notification_ids: [ID] })(c),
  },
  {
    factory: 'markAllNotificationsAsReadMutationOptions',
    method: 'POST',
    path: '/api/notifications/mark-all-as-read',
    run: (api, c) => mutate(r.markAllNotificationsAsReadMutationOptions(api, TENANT))(c),
  },
  {
    factory: 'notificationDigestQueryOptions',
    method: 'GET',
    path: '/api/notification-digest',
    run: (api, c) => query(r.notificationDigestQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'updateNotificationDigestMutationOptions',
    method: 'PUT',
    path: '/api/notification-digest',
    run: (api, c) =>
      mutate(r.updateNotificationDigestMutationOptions(api, TENANT), { enabled: true, hour: 7 })(c),
  },
  {
    factory: 'foldersQueryOptions',
    method: 'GET',
    path: `/api/folders/?parent_id=${ID}`,
    run: (api, c) => query(r.foldersQueryOptions(api, TENANT, { parent_id: ID }))(c),
  },
  {
    factory: 'createFolderMutationOptions',
    method: 'POST',
    path: '/api/folders/',
    run: (api, c) => mutate(r.createFolderMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'folderQueryOptions',
    method: 'GET',
    path: `/api/folders/${ID}`,
    run: (api, c) => query(r.folderQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'updateFolderMutationOptions',
    method: 'PUT',
    path: `/api/folders/${ID}`,
    run: (api, c) => mutate(r.updateFolderMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'deleteFolderMutationOptions',
    method: 'DELETE',
    path: `/api/folders/${ID}`,
    run: (api, c) => mutate(r.deleteFolderMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'moveFolderMutationOptions',
    method: 'POST',
    path: `/api/folders/${ID}/move`,
    run: (api, c) =>
      mutate(r.moveFolderMutationOptions(api, TENANT), { id: ID, body: { new_parent_id: null } })(c),
  },
  {
    factory: 'researchCustomerMutationOptions',
    method: 'POST',
    path: '/api/research/customer',
    run: (api, c) => mutate(r.researchCustomerMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'researchExistingCustomerMutationOptions',
    method: 'POST',
    path: `/api/research/customer/${ID}`,
    run: (api, c) => mutate(r.researchExistingCustomerMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'researchCompetitorsMutationOptions',
    method: 'POST',
    path: '/api/research/competitor',
    run: (api, c) => mutate(r.researchCompetitorsMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'researchReportsQueryOptions',
    method: 'GET',
    path: '/api/research/reports?kind=customer&limit=20',
    run: (api, c) => query(r.researchReportsQueryOptions(api, TENANT, { kind: 'customer', limit: 20 }))(c),
  },
  {
    factory: 'researchReportQueryOptions',
    method: 'GET',
    path: `/api/research/reports/${ID}`,
    run: (api, c) => query(r.researchReportQueryOptions(api, TENANT, ID))(c),
  },
  {
    factory: 'deleteResearchReportMutationOptions',
    method: 'DELETE',
    path: `/api/research/reports/${ID}`,
    run: (api, c) => mutate(r.deleteResearchReportMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'exportCustomerResearchPdfMutationOptions',
    method: 'POST',
    path: '/api/research/customer/pdf',
    run: (api, c) => mutate(r.exportCustomerResearchPdfMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'exportCompetitorResearchPdfMutationOptions',
    method: 'POST',
    path: '/api/research/competitor/pdf',
    run: (api, c) => mutate(r.exportCompetitorResearchPdfMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'uploadKnowledgeDocumentMutationOptions',
    method: 'POST',
    path: '/api/knowledge/upload',
    run: (api, c) =>
      mutate(r.uploadKnowledgeDocumentMutationOptions(api, TENANT), {
        file,
        title: '就業規則',
        tags: '["労務"]',
      })(c),
  },
  {
    factory: 'knowledgeDocumentsQueryOptions',
    method: 'GET',
    path: '/api/knowledge/legal_checks?skip=0&limit=20',
    run: (api, c) => query(r.knowledgeDocumentsQueryOptions(api, TENANT, { skip: 0, limit: 20 }))(c),
  },
  {
    factory: 'deleteKnowledgeDocumentMutationOptions',
    method: 'DELETE',
    path: `/api/knowledge/legal_checks/${ID}`,
    run: (api, c) => mutate(r.deleteKnowledgeDocumentMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'askKnowledgeMutationOptions',
    method: 'POST',
    path: '/api/knowledge/chat',
    run: (api, c) => mutate(r.askKnowledgeMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'knowledgeChatHistoryQueryOptions',
    method: 'GET',
    path: '/api/knowledge/chat/history',
    run: (api, c) => query(r.knowledgeChatHistoryQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'knowledgeFeedbackMutationOptions',
    method: 'PATCH',
    path: `/api/knowledge/chat/${ID}/feedback`,
    run: (api, c) => mutate(r.knowledgeFeedbackMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'downloadKnowledgeDocumentMutationOptions',
    method: 'GET',
    path: `/api/knowledge/legal_checks/${ID}/content?disposition=attachment`,
    run: (api, c) =>
      mutate(r.downloadKnowledgeDocumentMutationOptions(api, TENANT), { id: ID, fileName: 'a.pdf' })(c),
  },
  {
    factory: 'knowledgePassageQueryOptions',
    method: 'GET',
    path: `/api/knowledge/legal_checks/${ID}/passages/3`,
    run: (api, c) => query(r.knowledgePassageQueryOptions(api, TENANT, ID, 3))(c),
  },
  {
    factory: 'tenantUsersQueryOptions',
    method: 'GET',
    path: '/api/tenant-users',
    run: (api, c) => query(r.tenantUsersQueryOptions(api, TENANT))(c),
  },
  {
    factory: 'addTenantUserMutationOptions',
    method: 'POST',
    path: `/api/tenants/${TENANT}/users`,
    run: (api, c) => mutate(r.addTenantUserMutationOptions(api, TENANT), body)(c),
  },
  {
    factory: 'updateTenantUserMutationOptions',
    method: 'PUT',
    path: `/api/tenant-users/${ID}`,
    run: (api, c) => mutate(r.updateTenantUserMutationOptions(api, TENANT), { id: ID, body })(c),
  },
  {
    factory: 'toggleTenantUserStatusMutationOptions',
    method: 'POST',
    path: `/api/tenant-users/${ID}/toggle-status`,
    run: (api, c) => mutate(r.toggleTenantUserStatusMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'resetTenantUserFactorsMutationOptions',
    method: 'DELETE',
    path: `/api/tenant-users/${ID}/factors`,
    run: (api, c) => mutate(r.resetTenantUserFactorsMutationOptions(api, TENANT), ID)(c),
  },
  {
    factory: 'reportClientErrorMutationOptions',
    method: 'POST',
    path: '/api/errors/report',
    run: (api, c) => mutate(r.reportClientErrorMutationOptions(api), body)(c),
  },
  {
    factory: 'reportClientErrorsMutationOptions',
    method: 'POST',
    path: '/api/errors/report/batch',
    run: (api, c) => mutate(r.reportClientErrorsMutationOptions(api), { reports: [] })(c),
  },
  {
    factory: 'auditLogQueryOptions',
    method: 'GET',
    path: `/api/audit-log?customer_id=${ID}`,
    run: (api, c) => query(r.auditLogQueryOptions(api, TENANT, { customer_id: ID }))(c),
  },
  {
    factory: 'exportAuditLogMutationOptions',
    method: 'GET',
    path: '/api/audit-log/export?encoding=shift_jis',
    run: (api, c) => mutate(r.exportAuditLogMutationOptions(api, TENANT), { encoding: 'shift_jis' })(c),
  },
  {
    factory: 'verifyAuditLogMutationOptions',
    method: 'POST',
    path: '/api/audit-log/verify',
    run: (api, c) => mutate(r.verifyAuditLogMutationOptions(api, TENANT), undefined)(c),
  },
];

/** Calls that act for the signed-in user rather than a tenant carry no X-Tenant-Id. */
const WITHOUT_TENANT = new Set<keyof Factories>([
  'tenantMeQueryOptions',
  'currentSessionQueryOptions',
  'extendCurrentSessionMutationOptions',
  'useInvitationMutationOptions',
  'invitationPreviewQueryOptions',
  'addTenantUserMutationOptions',
  'reportClientErrorMutationOptions',
  'reportClientErrorsMutationOptions',
  'postalCodeQueryOptions',
]);

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.method === 'DELETE') {
      response.writeHead(204);
      return response.end();
    }
    if (request.path.includes('/content?disposition=')) {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('業務委託契約書.pdf')}`,
      });
      return response.end('%PDF-1.7');
    }
    if (request.path.endsWith('/pdf')) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end('%PDF-1.7');
    }
    if (request.path.endsWith('/disclosure')) {
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="disclosure.zip"; filename*=UTF-8''${encodeURIComponent('開示データ_佐藤 花子_20261127.zip')}`,
      });
      return response.end('PK\u0003\u0004');
    }
    if (
      request.path.startsWith('/api/customers/export') ||
      request.path.endsWith('/errors.csv') ||
      request.path.startsWith('/api/audit-log/export')
    ) {
      response.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="customers.csv"; filename*=UTF-8''${encodeURIComponent('顧客一覧_20261122.csv')}`,
      });
      return response.end('\uFEFF姓,名\r\n佐藤,花子\r\n');
    }
    if (request.path === '/api/customers/import') {
      const { dry_run: dryRun = true } = JSON.parse(request.body) as { dry_run?: boolean };
      return json(response, 200, {
        dry_run: dryRun,
        total: 1,
        valid: 1,
        invalid: 0,
        created: dryRun ? 0 : 1,
        rows: [],
      });
    }
    if (request.path.startsWith(`/api/interactions/${ID}?`))
      return json(response, 200, { total: 0, interactions: [] });
    if (request.path.startsWith('/api/notifications?'))
      return json(response, 200, { total: 0, unread_count: 0, notifications: [] });
    return json(response, 200, {});
  });
});
afterAll(() => server.close());

describe('React factories', () => {
  it('cover every operation of the contract', () => {
    const named = (Object.values(coverage) as Array<keyof Factories | null>).filter(
      (name): name is keyof Factories => name !== null,
    );
    expect(new Set(cases.map((c) => c.factory))).toEqual(new Set(named));
    const exported: Record<string, unknown> = { ...react };
    for (const name of named) expect(typeof exported[name]).toBe('function');
  });

  it.each(cases)('$factory → $method $path', async ({ method, path, run, factory }) => {
    const seen = server.requests.length;
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    await run(
      api,
      new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    );
    const request = server.requests[seen];
    expect(server.requests).toHaveLength(seen + 1);
    expect([request?.method, request?.path]).toEqual([method, path]);
    expect(request?.authorization).toBe('Bearer token');
    expect(request?.tenantId).toBe(WITHOUT_TENANT.has(factory) ? undefined : TENANT);
  });

  it("downloads a document with the server's UTF-8 file name", async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const seen = server.requests.length;
    const file = await new QueryClient().fetchQuery(react.documentContentQueryOptions(api, TENANT, ID));
    expect(server.requests[seen]?.path).toBe(`/api/documents/${ID}/content?disposition=inline`);
    expect(file.filename).toBe('業務委託契約書.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const knowledge = await new QueryClient().fetchQuery(
      react.knowledgeDocumentContentQueryOptions(api, TENANT, ID),
    );
    expect(server.requests[seen + 1]?.path).toBe(
      `/api/knowledge/legal_checks/${ID}/content?disposition=inline`,
    );
    expect(server.requests[seen + 1]?.tenantId).toBe(TENANT);
    expect(knowledge.filename).toBe('業務委託契約書.pdf');
  });

  it("downloads the customer CSV with the server's file name", async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const file = await new MutationObserver(
      new QueryClient(),
      react.exportCustomersMutationOptions(api, TENANT),
    ).mutate({ encoding: 'utf-8' });
    expect(file.filename).toBe('顧客一覧_20261122.csv');
    expect(await file.blob.text()).toContain('佐藤,花子');
  });

  it("downloads the disclosure ZIP with the server's file name", async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const file = await new MutationObserver(
      new QueryClient(),
      react.downloadCustomerDisclosureMutationOptions(api, TENANT),
    ).mutate(ID);
    expect(file.filename).toBe('開示データ_佐藤 花子_20261127.zip');
    expect(file.blob.size).toBe(4);
  });

  it('refreshes the customer list after a real import, not after a dry run', async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const client = new QueryClient();
    const listKey = react.customerKeys.list(TENANT, {});
    client.setQueryData(listKey, { total: 0, total_capped: false, customers: [] });
    const observer = new MutationObserver(client, react.importCustomersMutationOptions(api, TENANT));
    await observer.mutate({ rows: [{}], dry_run: true });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    await observer.mutate({ rows: [{}], dry_run: false });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('pages a customer timeline by skip until the total is loaded', async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = react.customerInteractionsInfiniteQueryOptions(api, TENANT, ID);
    const seen = server.requests.length;
    const result = await client.fetchInfiniteQuery(options);
    expect(server.requests[seen]?.path).toBe(`/api/interactions/${ID}?skip=0&limit=20`);
    expect(server.requests[seen]?.tenantId).toBe(TENANT);
    const page = (count: number, total: number) => ({
      total,
      interactions: Array.from({ length: count }, (_, i) => ({ id: String(i) })),
    });
    // biome-ignore lint/suspicious/noExplicitAny: pages of the shape the paging reads
    const next = options.getNextPageParam as (last: any, pages: any[]) => number | undefined;
    expect(next(page(20, 45), [page(20, 45)])).toBe(20);
    expect(next(page(5, 45), [page(20, 45), page(20, 45), page(5, 45)])).toBeUndefined();
    expect(next(page(0, 0), [page(0, 0)])).toBeUndefined();
    expect(result.pages).toHaveLength(1);
  });

  it('keys postal codes without the hyphen and outside any tenant', () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    expect(react.postalCodeQueryOptions(api, '150-0001').queryKey).toEqual(['postal-codes', '1500001']);
    expect(react.postalCodeQueryOptions(api, '1500001').queryKey).toEqual(['postal-codes', '1500001']);
  });

  it('sends uploads as multipart with the file name', async () => {
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
    const client = new QueryClient();
    await new MutationObserver(client, react.uploadDocumentMutationOptions(api, TENANT)).mutate({
      file,
      folder_id: ID,
    });
    const request = server.requests.at(-1);
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('filename="診療案内.txt"');
    expect(request?.body).toContain(`name="folder_id"\r\n\r\n${ID}`);
  });
});
