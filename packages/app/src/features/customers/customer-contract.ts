import { fieldLabels, PREFECTURES } from '@tsumiki/api-client';
import type { Prefecture } from './customer-fields';

// What the customer forms and pages read from the contract at run time (its field titles and the
// prefecture enum), apart from customer-fields.ts: the customer list needs only the names from
// there, and these tables would otherwise come with its chunk.

/**
 * The Japanese label of a field, from the contract's titles (`fieldLabels`); a user never sees a
 * field key, so an unknown one reads 入力内容.
 */
export function fieldLabel(field: string): string {
  return fieldLabels[field] ?? '入力内容';
}

/** The 47 prefectures in the order of the contract (north to south), generated from it. */
export { PREFECTURES };

export function isPrefecture(value: string): value is Prefecture {
  return (PREFECTURES as readonly string[]).includes(value);
}
