import type { Messages } from '../messages';

/** The Japanese defaults of the `passwordField` labels. */
export const passwordFieldMessages: Messages['passwordField'] = {
  toggle: (label) => `${label ?? 'パスワード'}を表示`,
};
