import { appRoutes } from '../../app/paths';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/通知',
  id: 'screens-notifications',
  ...screenMeta(appRoutes.notifications.path),
};
export default meta;

const states = standardStates([['get', '/api/notifications']]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
export const StaffView: ScreenStoryObj = states.StaffView;
