import { appRoutes } from '../../app/paths';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/AI法務チェック',
  id: 'screens-legal-check',
  ...screenMeta(appRoutes.legalCheck.path),
};
export default meta;

const states = standardStates([
  ['get', '/api/knowledge/legal_checks'],
  ['get', '/api/knowledge/chat/history'],
]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;
