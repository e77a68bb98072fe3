import { userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { WORKFLOW_GOAL, WORKFLOW_PROPOSAL } from '../../stories/ai-tool-answers';
import type { ScreenMeta, ScreenStoryObj } from '../../stories/screen-story';
import { screenMeta } from '../../stories/screen-story';
import { toolScreenStates } from '../../stories/tool-screen-story';

const meta: ScreenMeta = {
  title: 'Screens/ワークフローAI',
  id: 'screens-workflow',
  ...screenMeta(appRoutes.workflow.path),
};
export default meta;

const states = toolScreenStates({
  path: '/api/workflow/create',
  answer: WORKFLOW_PROPOSAL,
  feature: 'workflow_ai',
  shows: /提案: 初診の受付から会計まで/,
  run: async (canvasElement) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^目的/ }), WORKFLOW_GOAL);
    await userEvent.click(canvas.getByRole('button', { name: '案を作る' }));
  },
});

/** 目的を入れる前。 */
export const Empty: ScreenStoryObj = states.Empty;
/** 目的から作った手順の案（オフラインモードのひな形）。 */
export const Full: ScreenStoryObj = states.Full;
/** 案を作っているところ。 */
export const Loading: ScreenStoryObj = states.Loading;
/** サーバーのエラーで案を作れなかったとき。 */
export const FailedServer: ScreenStoryObj = states.FailedServer;
/** サーバーにつながらなかったとき。 */
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
/** テナントでワークフローAIが無効のとき。 */
export const FeatureOff: ScreenStoryObj = states.FeatureOff;
/** AI を使う権限を外されたスタッフの表示。 */
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（AI は使えるので管理者と同じ画面です）。 */
export const StaffView: ScreenStoryObj = states.StaffView;
/** 使っている途中で接続が切れたとき。 */
export const Offline: ScreenStoryObj = states.Offline;
