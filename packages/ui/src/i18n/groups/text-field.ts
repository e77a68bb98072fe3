import type { Messages } from '../messages';

/** The Japanese defaults of the `textField` labels. */
export const textFieldMessages: Messages['textField'] = { required: '必須' };
