import type { Messages } from '../messages';

/** The Japanese defaults of the `spinner` labels. */
export const spinnerMessages: Messages['spinner'] = { label: '読み込み中' };
