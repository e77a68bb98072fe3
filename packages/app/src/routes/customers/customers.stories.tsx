import { appRoutes } from '../../app/paths';
import { DEMO_CUSTOMERS, LONG_NAME_CUSTOMER } from '../../stories/demo-records';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';
import { typedHandler } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/顧客管理/一覧',
  id: 'screens-customers',
  ...screenMeta(appRoutes.customers.path),
};
export default meta;

const states = standardStates([['get', '/api/customers']]);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフ: 削除の権限がない表示。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** 長い氏名・会社名・住所。 */
export const LongNames: ScreenStoryObj = withHandlers([
  typedHandler('get', '/api/customers', () => ({
    total: 3,
    total_capped: false,
    customers: [LONG_NAME_CUSTOMER, ...DEMO_CUSTOMERS.slice(0, 2)],
  })),
]);
