import { appRoutes } from '../../app/paths';
import { featureOff, goOffline, withoutPermissions } from '../../stories/screen-conditions';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/重複の候補',
  id: 'screens-customer-duplicates',
  ...screenMeta(appRoutes.customerDuplicates.path),
};
export default meta;

const reads = [['get', '/api/customers/duplicates']] as const;
const states = standardStates(reads);
/** 同じ人かもしれない顧客の組（フリガナと生年月日が同じ）。 */
export const Full: ScreenStoryObj = states.Full;
/** 候補がないとき。 */
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（統合はできず、別人として除外だけができます）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** 顧客を編集する権限を外された人（この画面は開けません）。 */
export const PermissionDenied: ScreenStoryObj = withoutPermissions(['customers.write']);

/** テナントで顧客管理が無効のとき。 */
export const FeatureOff: ScreenStoryObj = featureOff('customers', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
