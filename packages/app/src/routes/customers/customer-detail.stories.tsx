import { customerPath } from '../../app/paths';
import { DEMO_CUSTOMERS } from '../../stories/demo-records';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, standardStates } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/顧客管理/詳細',
  id: 'screens-customer-detail',
  ...screenMeta(customerPath(DEMO_CUSTOMERS[0]!.id)),
};
export default meta;

const states = standardStates([
  ['get', '/api/customers/{id}'],
  ['get', '/api/interactions/{customerId}'],
]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;
