import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { type Customer, DEMO_CUSTOMERS } from '../../stories/demo-records';
import { featureOff, goOffline, withoutPermissions } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';
import { apiErrorResponse, failing, failures, typedHandler } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/重複の候補',
  id: 'screens-customer-duplicates',
  ...screenMeta(appRoutes.customerDuplicates.path),
};
export default meta;

const reads = [
  ['get', '/api/customers/duplicates'],
  ['get', '/api/customers/merges'],
] as const;
const states = standardStates(reads);
/** 同じ人かもしれない顧客の組（フリガナと生年月日が同じ）と、最近の統合 2 件。 */
export const Full: ScreenStoryObj = states.Full;
/** 候補も最近の統合もないとき。 */
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（統合はできず、別人として除外だけができます。最近の統合も出ません）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** 顧客を編集する権限を外された人（この画面は開けません）。 */
export const PermissionDenied: ScreenStoryObj = withoutPermissions(['customers.write']);

/** テナントで顧客管理が無効のとき。 */
export const FeatureOff: ScreenStoryObj = featureOff('customers', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };

/** 候補はあるが、この 30 日間に統合していないとき（最近の統合は空）。 */
export const NoRecentMerges: ScreenStoryObj = {
  ...withHandlers([typedHandler('get', '/api/customers/merges', () => ({ total: 0, merges: [] }))]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('最近の統合はありません', {}, { timeout: 15_000 })).toBeVisible();
  },
};

/** 最近の統合だけを読めなかったとき（候補は表示され、統合の一覧にやり直しのボタン）。 */
export const RecentMergesFailed: ScreenStoryObj = withHandlers([
  failing('get', '/api/customers/merges', failures.server),
]);

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens the first recent merge's 「元に戻す」 by keyboard and confirms it. */
async function undoFirst({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  const buttons = await canvas.findAllByRole('button', { name: /の統合を元に戻す$/ }, { timeout: 15_000 });
  (buttons[0] as HTMLElement).focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await page(canvasElement).findByRole('alertdialog', { name: '統合を元に戻しますか？' });
  await userEvent.click(within(dialog).getByRole('button', { name: '元に戻す' }));
}

/** 「元に戻す」を確かめてから実行し、元に戻したことを知らせます。 */
export const UndoMerge: ScreenStoryObj = {
  ...withHandlers([
    typedHandler('post', '/api/customers/{id}/unmerge', ({ params }) => {
      const id = String(params.id);
      return {
        ...(DEMO_CUSTOMERS[2] as Customer),
        id,
        first_name: 'ひろし',
        merged_into_id: null,
        deleted_at: null,
      };
    }),
  ]),
  play: async (context) => {
    await undoFirst(context);
    await expect(
      await page(context.canvasElement).findByText(/の統合を元に戻しました$/, {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** 30 日を過ぎて元に戻せなかったとき（理由と、どうすればよいかを表示します）。 */
export const UndoExpired: ScreenStoryObj = {
  ...withHandlers([
    typedHandler('post', '/api/customers/{id}/unmerge', () =>
      apiErrorResponse(409, {
        code: 'RES_005',
        category: 'business_logic',
        severity: 'low',
        message: '統合から 30 日を過ぎたため、この統合は元に戻せません。',
        suggestion: '必要な項目は、残した顧客の情報を編集して直してください。',
      }),
    ),
  ]),
  play: async (context) => {
    await undoFirst(context);
    const alert = await within(context.canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('30 日を過ぎたため');
  },
};
