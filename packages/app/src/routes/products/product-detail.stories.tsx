import { DEMO_PRODUCTS } from '../../stories/demo-records-admin';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/商品管理/詳細',
  id: 'screens-product-detail',
  ...screenMeta(`/products/${DEMO_PRODUCTS[0]!.id}`),
};
export default meta;

const states = standardStates([['get', '/api/products/{id}']]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;
