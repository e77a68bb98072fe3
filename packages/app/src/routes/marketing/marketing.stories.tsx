import { userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { CUSTOMER_ANALYSIS } from '../../stories/ai-tool-answers';
import type { ScreenMeta, ScreenStoryObj } from '../../stories/screen-story';
import { screenMeta } from '../../stories/screen-story';
import { toolScreenStates } from '../../stories/tool-screen-story';

const meta: ScreenMeta = {
  title: 'Screens/マーケティングAI',
  id: 'screens-marketing',
  ...screenMeta(appRoutes.marketing.path),
};
export default meta;

const states = toolScreenStates({
  path: '/api/marketing/customer-analysis',
  answer: CUSTOMER_ANALYSIS,
  feature: 'marketing_ai',
  shows: /顧客層（36 人）/,
  run: async (canvasElement) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '分析する' }));
  },
});

/** 分析する前（顧客分析のタブ）。 */
export const Empty: ScreenStoryObj = states.Empty;
/** 顧客層の分析結果（オフラインモードの集計）。 */
export const Full: ScreenStoryObj = states.Full;
/** 分析しているところ。 */
export const Loading: ScreenStoryObj = states.Loading;
/** サーバーのエラーで分析できなかったとき。 */
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
