import type { Messages } from '../messages';

/** The Japanese defaults of the `breadcrumbs` labels. */
export const breadcrumbsMessages: Messages['breadcrumbs'] = {
  label: 'パンくずリスト',
};
