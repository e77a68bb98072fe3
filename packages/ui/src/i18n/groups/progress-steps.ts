import type { Messages } from '../messages';

/** The Japanese defaults of the `progressSteps` labels. */
export const progressStepsMessages: Messages['progressSteps'] = {
  label: '処理の状況',
  running: '実行中',
  done: '完了',
  skipped: '省略',
};
