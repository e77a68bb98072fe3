import type { Messages } from '../messages';

/** The Japanese defaults of the `link` labels. */
export const linkMessages: Messages['link'] = { opensInNewTab: '（新しいタブで開きます）' };
