export { type AiStreamEvent, readAiEvents, readServerSentEvents } from './ai-stream';
export {
  ACCESS_ACTION_LABELS,
  ACCESS_TARGET_LABELS,
  type AccessAction,
  type AuditLogEntry,
  type AuditLogVerification,
} from './audit-labels';
export { type ApiClient, type ApiClientOptions, createApiClient, unwrap } from './client';
export {
  birthDateCsvCell,
  birthDateFromCsv,
  CUSTOMER_CSV_FIELDS,
  CUSTOMER_CSV_REFERENCE_COLUMNS,
  CUSTOMER_CSV_REQUIRED_FIELDS,
  CUSTOMER_CSV_TAG_SEPARATOR,
  CUSTOMER_CSV_TAG_SEPARATORS,
  type CustomerCsvField,
  customerCsvHeader,
  genderCsvCell,
  genderFromCsv,
  guardCsvFormula,
  PREFECTURES,
  unguardCsvFormula,
} from './customer-csv';
export {
  CUSTOMER_CSV_IGNORED_HEADERS,
  type CustomerCsvColumn,
  type CustomerCsvHeaderMapping,
  type CustomerCsvRow,
  customerCsvColumnHeader,
  customerCsvRecordToRow,
  mapCustomerCsvHeader,
  toFullWidthKatakana,
  toHalfWidthDigits,
} from './customer-csv-rows';
export {
  DUPLICATE_REASON_LABELS,
  GENDER_LABELS,
  KANA_ROW_LABELS,
  MERGE_FIELD_LABELS,
  MERGE_UNDO_DAYS,
} from './customer-labels';
export {
  AI_MODE_LABELS,
  AI_MODE_NOTICES,
  AI_SOURCE_TYPE_LABELS,
  DOCUMENT_ACCEPT,
  DOCUMENT_ACCEPT_LABEL,
  documentTypeLabel,
  EXTRACTION_STATUS_LABELS,
  KNOWLEDGE_ACCEPT,
  KNOWLEDGE_ACCEPT_LABEL,
  KNOWLEDGE_STATUS_LABELS,
  MAX_UPLOAD_BYTES,
} from './document-labels';
export {
  type DownloadedFile,
  defaultDownloadNames,
  downloadFile,
  filenameFromContentDisposition,
} from './download';
export {
  ApiError,
  type ApiErrorBody,
  type ClientErrorKind,
  clientErrorMessages,
  createClientError,
  type ErrorCategory,
  type ErrorSeverity,
  errorFromException,
  errorFromResponse,
  isApiError,
  type ValidationErrorEntry,
} from './errors';
export { contractEnums } from './generated/enums';
export type { components, operations, paths } from './generated/schema';
export { INTERACTION_TYPE_LABELS } from './interaction-types';
export {
  ADVERTISING_CATEGORY_LABELS,
  COMPETITOR_FOCUS_LABELS,
  CUSTOMER_SEGMENT_BASIS_LABELS,
  MARKETING_CHANNEL_LABELS,
  RESEARCH_KIND_LABELS,
  RESEARCH_TOPIC_LABELS,
} from './marketing-labels';
export type {
  AiMode,
  CurrentUser,
  Customer,
  Document,
  DocumentDetail,
  DocumentSearchHit,
  Feature,
  FeatureFlags,
  Folder,
  FolderDetail,
  Interaction,
  Invitation,
  InvitationPreview,
  KnowledgeChatMessage,
  KnowledgeDocument,
  KnowledgePassage,
  KnowledgeSource,
  Permission,
  Role,
  StaffMember,
  TenantInfo,
  TenantUser,
} from './models';
export { openNotificationEvents } from './notification-events';
export { NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_TYPE_LABELS } from './notification-labels';
export {
  EMPLOYMENT_TYPE_LABELS,
  FEATURE_LABELS,
  INVITATION_STATUS_LABELS,
  MEMBERSHIP_STATUS_LABELS,
  MFA_POLICY_LABELS,
  PERMISSION_ACTION_LABELS,
  PERMISSION_RESOURCE_LABELS,
  permissionLabel,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STAFF_STATUS_LABELS,
} from './people-labels';
export { ROLE_DEFAULT_PERMISSIONS, USER_ADMINISTRATION_PERMISSION } from './roles';
export { normalizeRequestUrl } from './url';
export { fieldLabels, formatValidationErrors, GENERIC_VALIDATION_MESSAGE } from './validation';
export {
  ageOn,
  type DateReading,
  EARLIEST_DATE,
  ERAS,
  type Era,
  eraOfDate,
  formatBirthDate,
  formatWareki,
  readDate,
  todayIn,
} from './wareki';
export { WORKFLOW_OBJECTIVE_LABELS, WORKFLOW_REVIEW_FOCUS_LABELS } from './workflow-labels';
