import { type components, INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';

export type Customer = components['schemas']['Customer'];
export type CustomerInput = components['schemas']['CustomerInput'];
export type CustomerUpdate = components['schemas']['CustomerUpdate'];
export type Prefecture = components['schemas']['Prefecture'];
export type Interaction = components['schemas']['Interaction'];
export type InteractionType = components['schemas']['InteractionType'];
export type CustomerAssignee = components['schemas']['CustomerAssignee'];
export type Gender = components['schemas']['Gender'];
export type KanaRow = components['schemas']['KanaRow'];

/** The fields a user edits, in the order of the form. */
export const CUSTOMER_FIELDS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'patient_number',
  'birth_date',
  'gender',
  'company_name',
  'company_name_kana',
  'email',
  'phone',
  'postal_code',
  'prefecture',
  'city',
  'address_line',
  'tags',
  'assignee_user_id',
  'notes',
] as const satisfies readonly (keyof CustomerInput)[];

export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** Interaction types in Japanese (InteractionType of the contract), shared with the server. */
export { INTERACTION_TYPE_LABELS };

export const INTERACTION_TYPES = Object.keys(INTERACTION_TYPE_LABELS) as InteractionType[];

/** What the list, the customer's page and the form say of a customer with no assignee. */
export const NO_ASSIGNEE = '未設定';

/** 姓 名, as people write it. */
export function customerName(customer: Pick<Customer, 'last_name' | 'first_name'>): string {
  return `${customer.last_name} ${customer.first_name}`.trim();
}

export function customerKana(customer: Pick<Customer, 'last_name_kana' | 'first_name_kana'>): string {
  return `${customer.last_name_kana} ${customer.first_name_kana}`.trim();
}
