import { appRoutes } from '../../app/paths';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';
import { failing, failures } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/ダッシュボード',
  id: 'screens-dashboard',
  ...screenMeta(appRoutes.home.path),
};
export default meta;

const states = standardStates([
  ['get', '/api/customers'],
  ['get', '/api/interactions'],
]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
export const StaffView: ScreenStoryObj = states.StaffView;

/** 1 つのパネルだけが失敗した状態（対応履歴の読み込みが 500）。 */
export const OnePanelFailed: ScreenStoryObj = {
  ...withHandlers([failing('get', '/api/interactions', failures.server)]),
  play: screenSettled,
};
