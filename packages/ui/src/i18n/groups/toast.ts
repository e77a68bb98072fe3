import type { Messages } from '../messages';

/** The Japanese defaults of the `toast` labels. */
export const toastMessages: Messages['toast'] = { label: 'お知らせ', region: 'お知らせ ({hotkey})' };
