import { PREFECTURES } from '@tsumiki/api-client';
import type { Prefecture } from './customer-fields';

// What the customer forms and pages read from the contract at run time (its field titles and the
// prefecture enum), apart from customer-fields.ts: the customer list needs only the names from
// there, and these tables would otherwise come with its chunk.

/** The 47 prefectures in the order of the contract (north to south), generated from it. */
export { PREFECTURES };

export function isPrefecture(value: string): value is Prefecture {
  return (PREFECTURES as readonly string[]).includes(value);
}
