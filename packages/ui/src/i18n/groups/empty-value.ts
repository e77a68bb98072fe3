import type { Messages } from '../messages';

/** The Japanese defaults of the `emptyValue` labels. */
export const emptyValueMessages: Messages['emptyValue'] = { label: '未入力' };
