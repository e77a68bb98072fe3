import { appRoutes } from '../../app/paths';
import { goOffline } from '../../stories/screen-conditions';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/機能の設定',
  id: 'screens-settings',
  ...screenMeta(appRoutes.settings.path),
};
export default meta;

const states = standardStates([
  ['get', '/api/tenant-features'],
  ['get', '/api/tenant-settings/security'],
]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
