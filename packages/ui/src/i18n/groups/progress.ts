import type { Messages } from '../messages';

/** The Japanese defaults of the `progress` labels. */
export const progressMessages: Messages['progress'] = { label: '進捗' };
