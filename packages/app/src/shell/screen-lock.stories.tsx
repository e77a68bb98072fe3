import { appRoutes } from '../app/paths';
import { type ScreenMeta, type ScreenStoryObj, screenMeta } from '../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/画面ロック',
  id: 'screens-screen-lock',
  ...screenMeta(appRoutes.home.path),
  parameters: { ...screenMeta(appRoutes.home.path).parameters, screenLocked: true },
};
export default meta;

/** 操作がないまま時間が過ぎて、画面がロックされた状態（パスワードで解除）。 */
export const Locked: ScreenStoryObj = {};
