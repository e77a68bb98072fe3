import type { Messages } from '../messages';

/** The Japanese defaults of the `settingSwitch` labels. */
export const settingSwitchMessages: Messages['settingSwitch'] = {
  busy: '保存中',
};
