import type { Messages } from '../messages';

/** The Japanese defaults of the `select` labels. */
export const selectMessages: Messages['select'] = { placeholder: '選択してください' };
