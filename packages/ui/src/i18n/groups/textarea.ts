import type { Messages } from '../messages';

/** The Japanese defaults of the `textarea` labels. */
export const textareaMessages: Messages['textarea'] = { count: (length, max) => `${length} / ${max} 文字` };
