import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { invitationJourneyHandlers } from '../../stories/journey-handlers';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/招待管理',
  id: 'screens-invitations',
  ...screenMeta(appRoutes.invitations.path),
};
export default meta;

const reads = [['get', '/api/invitations/']] as const;
const states = standardStates(reads);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** スタッフを招待する操作の流れ。招待リンクが表示され、一覧に加わります。 */
export const JourneyInvite: ScreenStoryObj = {
  ...withHandlers(invitationJourneyHandlers()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      (await canvas.findAllByRole('button', { name: '招待を作成' }, { timeout: 10_000 }))[0]!,
    );
    const dialog = within(await page.findByRole('dialog', { name: '招待を作成' }, { timeout: 15_000 }));
    await userEvent.selectOptions(dialog.getByLabelText(/^役割/), 'スタッフ');
    await userEvent.type(dialog.getByLabelText(/^メールアドレス/), 'tsumiki.hanako@example.com');
    await userEvent.click(dialog.getByRole('button', { name: '招待を作成' }));
    const created = within(
      await page.findByRole('dialog', { name: '招待を作成しました' }, { timeout: 10_000 }),
    );
    await expect((created.getByLabelText(/^招待リンク/) as HTMLInputElement).value).toContain(
      'SAKURA-9P4M-X7',
    );
    await userEvent.click(created.getByRole('button', { name: '完了' }));
    await expect(
      await canvas.findByText('tsumiki.hanako@example.com', {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** テナントでこの機能が無効のとき（機能の設定で無効・サーバーも FEAT_001 で断ります）。 */
export const FeatureOff: ScreenStoryObj = featureOff('invitations', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
