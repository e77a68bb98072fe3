import { userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { ADVERTISING_CHECK, ADVERTISING_TEXT } from '../../stories/ai-tool-answers';
import type { ScreenMeta, ScreenStoryObj } from '../../stories/screen-story';
import { screenMeta } from '../../stories/screen-story';
import { toolScreenStates } from '../../stories/tool-screen-story';

const meta: ScreenMeta = {
  title: 'Screens/広告チェック',
  id: 'screens-advertising-check',
  ...screenMeta(appRoutes.advertisingCheck.path),
};
export default meta;

const states = toolScreenStates({
  path: '/api/marketing/advertising-check',
  answer: ADVERTISING_CHECK,
  feature: 'marketing_ai',
  shows: /比較優良広告/,
  run: async (canvasElement) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^文面/ }), ADVERTISING_TEXT);
    await userEvent.click(canvas.getByRole('button', { name: 'チェックする' }));
  },
});

/** 文面を入れる前。 */
export const Empty: ScreenStoryObj = states.Empty;
/** 指摘が 2 件ある文面（比較優良広告と虚偽広告）。 */
export const Full: ScreenStoryObj = states.Full;
/** チェックしているところ。 */
export const Loading: ScreenStoryObj = states.Loading;
/** サーバーのエラーでチェックできなかったとき。 */
export const FailedServer: ScreenStoryObj = states.FailedServer;
/** サーバーにつながらなかったとき。 */
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
/** テナントでマーケティングAIが無効のとき。 */
export const FeatureOff: ScreenStoryObj = states.FeatureOff;
/** AI を使う権限を外されたスタッフの表示。 */
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（AI は使えるので管理者と同じ画面です）。 */
export const StaffView: ScreenStoryObj = states.StaffView;
/** 使っている途中で接続が切れたとき。 */
export const Offline: ScreenStoryObj = states.Offline;
