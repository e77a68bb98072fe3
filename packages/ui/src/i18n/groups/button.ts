import type { Messages } from '../messages';

/** The Japanese defaults of the `button` labels. */
export const buttonMessages: Messages['button'] = { loading: '処理中' };
