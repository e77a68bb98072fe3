/** The 47 prefectures in the official order (JIS X 0401): the contract's `Prefecture`. */
export { PREFECTURES } from '@tsumiki/api-client';

export type Prefecture = typeof import('@tsumiki/api-client').PREFECTURES[number];
