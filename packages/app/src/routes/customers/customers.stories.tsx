import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { DEMO_CUSTOMERS, LONG_NAME_CUSTOMER } from '../../stories/demo-records';
import { createCustomerHandlers } from '../../stories/journey-handlers';
import { goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
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
export const LongNames: ScreenStoryObj = {
  ...withHandlers([
    typedHandler('get', '/api/customers', () => ({
      total: 3,
      total_capped: false,
      customers: [LONG_NAME_CUSTOMER, ...DEMO_CUSTOMERS.slice(0, 2)],
    })),
  ]),
  play: screenSettled,
};

/** 顧客を登録する（郵便番号から住所を入れる）操作の流れ。登録すると、その顧客のページに移ります。 */
export const JourneyCreateCustomer: ScreenStoryObj = {
  ...withHandlers(createCustomerHandlers()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: '新規登録' }, { timeout: 10_000 }));
    const form = within(await page.findByRole('dialog', { name: '顧客を登録' }, { timeout: 15_000 }));
    await userEvent.type(form.getByLabelText(/^姓/), '積木');
    await userEvent.type(form.getByRole('textbox', { name: /^名(必須)?$/ }), '花子');
    await userEvent.type(form.getByLabelText(/^セイ/), 'ツミキ');
    await userEvent.type(form.getByLabelText(/^メイ/), 'ハナコ');
    await userEvent.type(form.getByLabelText(/^郵便番号/), '150-0001');
    await waitFor(() => expect(form.getByLabelText(/^市区町村/)).toHaveValue('渋谷区'));
    await expect(form.getByLabelText(/^都道府県/)).toHaveValue('東京都');
    await expect(form.getByLabelText(/^番地・建物名/)).toHaveValue('神宮前');
    await userEvent.type(form.getByLabelText(/^番地・建物名/), '1-2-3');
    await userEvent.click(form.getByRole('button', { name: '登録する' }));
    await expect(
      await canvas.findByRole('heading', { name: '積木 花子', level: 1 }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
