/**
 * The read-only, tenant-scoped queries behind the assistant: the offline intents call them
 * directly, and with a provider the model calls the same functions as tools (one code path).
 * Each answers with Markdown for the offline answer, JSON for the model and the records it used.
 */

export {
  BIRTHDAY_PERIODS,
  type BirthdayPeriod,
  customerBirthdays,
} from './assistant.tools.birthdays';
export {
  type AiSource,
  type AssistantScope,
  INTERACTION_TYPES,
  type InteractionType,
  md,
  PERIOD_LABELS,
  PERIODS,
  type Period,
  type ToolResult,
} from './assistant.tools.common';
export { countCustomers, searchCustomers } from './assistant.tools.customers';
export { listStaff, searchDocuments, searchProducts } from './assistant.tools.directory';
export { countInteractions, recentInteractions } from './assistant.tools.interactions';
