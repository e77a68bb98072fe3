import type { components } from './generated/schema';

type InteractionType = components['schemas']['InteractionType'];

/**
 * The contract's interaction types in Japanese: what the app shows on the timeline and in its
 * form, and what the server writes into notifications. One list, so both say the same word.
 */
export const INTERACTION_TYPE_LABELS: Readonly<Record<InteractionType, string>> = {
  call: '電話',
  email: 'メール',
  visit: '来院/訪問',
  meeting: '打ち合わせ',
  other: 'その他',
};
