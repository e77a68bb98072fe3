import type { components } from '@tsumiki/api-client';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { customerPath } from '../../app/paths';
import { DEMO_CUSTOMERS, DEMO_INTERACTIONS, LONG_NAME_CUSTOMER } from '../../stories/demo-records';
import { goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';
import { DEMO_PEOPLE } from '../../stories/session-fixture';
import { typedHandler } from '../../stories/typed-handler';

const customer = DEMO_CUSTOMERS[0]!;

const meta: ScreenMeta = {
  title: 'Screens/顧客管理/詳細',
  id: 'screens-customer-detail',
  ...screenMeta(customerPath(customer.id)),
};
export default meta;

const states = standardStates([
  ['get', '/api/customers/{id}'],
  ['get', '/api/interactions/{customerId}'],
]);
export const Full: ScreenStoryObj = states.Full;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除・消去などのボタンがない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

const noInteractions = typedHandler('get', '/api/interactions/{customerId}', () => ({
  total: 0,
  interactions: [],
}));
const noDocuments = typedHandler('get', '/api/documents/', () => ({ total: 0, documents: [] }));

/** 登録したばかりの顧客（対応履歴・文書なし）。 */
export const Empty: ScreenStoryObj = { ...withHandlers([noInteractions, noDocuments]), play: screenSettled };

/** 長い氏名・会社名・住所。 */
export const LongNames: ScreenStoryObj = {
  ...withHandlers([typedHandler('get', '/api/customers/{id}', () => LONG_NAME_CUSTOMER)]),
  play: screenSettled,
};

type InteractionInput = components['schemas']['InteractionInput'];
type Interaction = components['schemas']['Interaction'];

/** 対応履歴を記録する操作の流れ。記録すると、タイムラインの先頭に入ります。 */
const recorded: Interaction[] = [];

export const JourneyAddInteraction: ScreenStoryObj = {
  ...withHandlers([
    noDocuments,
    typedHandler('get', '/api/interactions/{customerId}', () => {
      const own = [...recorded, ...DEMO_INTERACTIONS.filter((item) => item.customer_id === customer.id)];
      return { total: own.length, interactions: own };
    }),
    typedHandler('post', '/api/interactions', async ({ request }) => {
      const input = (await request.json()) as InteractionInput;
      const interaction: Interaction = {
        ...DEMO_INTERACTIONS[0]!,
        id: '00000002-0000-4000-8000-000000000777',
        customer_id: customer.id,
        customer_name: `${customer.last_name} ${customer.first_name}`,
        type: input.type,
        summary: input.summary ?? null,
        content: input.content,
        created_by: DEMO_PEOPLE.admin.id,
        created_by_name: DEMO_PEOPLE.admin.full_name,
        created_at: '2026-11-20T00:40:00.000Z',
        updated_at: '2026-11-20T00:40:00.000Z',
      };
      recorded.unshift(interaction);
      return interaction;
    }),
  ]),
  play: async ({ canvasElement }) => {
    recorded.length = 0;
    const canvas = within(canvasElement);
    const record = within(await canvas.findByRole('form', { name: '対応履歴を記録' }, { timeout: 10_000 }));
    await userEvent.selectOptions(record.getByLabelText(/^種類/), '打ち合わせ');
    await userEvent.type(record.getByLabelText(/^要約/), '治療方針の説明');
    await userEvent.type(record.getByLabelText(/^内容/), '治療方針について説明した。次回は2週間後。');
    await userEvent.click(record.getByRole('button', { name: '記録する' }));
    const timeline = within(await canvas.findByTestId('interaction-timeline'));
    await expect(await timeline.findByText('治療方針の説明', {}, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(record.getByLabelText(/^内容/)).toHaveValue(''), { timeout: 10_000 });
  },
};

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
