import { DEMO_PRODUCTS } from '../../stories/demo-records-admin';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/商品管理/詳細',
  id: 'screens-product-detail',
  ...screenMeta(`/products/${DEMO_PRODUCTS[0]!.id}`),
};
export default meta;

const reads = [['get', '/api/products/{id}']] as const;
const states = standardStates(reads);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** テナントでこの機能が無効のとき（機能の設定で無効・サーバーも FEAT_001 で断ります）。 */
export const FeatureOff: ScreenStoryObj = featureOff('products', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
