import type { Messages } from '../messages';

/** The Japanese defaults of the `layout` labels. */
export const layoutMessages: Messages['layout'] = { skipToContent: 'メインコンテンツへ移動' };
