import { expect, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { INVITE_LINK, invitationPreviewHandler } from '../../stories/invite-handlers';
import { goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  signedOut,
  withHandlers,
} from '../../stories/screen-story';
import { failing, failures, held } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/招待への参加',
  id: 'screens-invite',
  ...screenMeta(INVITE_LINK),
  ...signedOut([invitationPreviewHandler()]),
};
export default meta;

const text = (canvasElement: HTMLElement, matcher: RegExp) =>
  within(canvasElement).findByText(matcher, {}, { timeout: 15_000 });

/** 招待のリンクを開いたところ（ログイン前: ログインまたはアカウント作成へ）。 */
export const Full: ScreenStoryObj = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByTestId('invite-headline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(await text(canvasElement, /アカウントを作成して参加/)).toBeVisible();
  },
};

/** コードのないリンク（途中で切れたリンク）。 */
export const Empty: ScreenStoryObj = {
  args: { path: appRoutes.invite.path },
  play: async ({ canvasElement }) => {
    await expect(await text(canvasElement, /招待コードが見つかりません/)).toBeVisible();
  },
};

/** 招待を確かめているところ。 */
export const Loading: ScreenStoryObj = signedOut([failing('post', '/api/invitations/preview', held)]);

/** サーバーのエラーで招待を確かめられなかったとき（再試行できます）。 */
export const FailedServer: ScreenStoryObj = {
  ...signedOut([failing('post', '/api/invitations/preview', failures.server)]),
  play: async ({ canvasElement }) => {
    await expect(await text(canvasElement, /招待を確認できませんでした/)).toBeVisible();
  },
};

/** サーバーにつながらなかったとき。 */
export const FailedNetwork: ScreenStoryObj = {
  ...signedOut([failing('post', '/api/invitations/preview', failures.network)]),
  play: async ({ canvasElement }) => {
    await expect(await text(canvasElement, /招待を確認できませんでした/)).toBeVisible();
  },
};

/** 有効期限の切れた招待。 */
export const Expired: ScreenStoryObj = {
  ...signedOut([invitationPreviewHandler('expired')]),
  play: async ({ canvasElement }) => {
    await expect(await text(canvasElement, /有効期限が切れています/)).toBeVisible();
  },
};

/** ログイン済みのスタッフが開いたとき（このアカウントで参加できます）。 */
export const StaffView: ScreenStoryObj = {
  ...withHandlers([invitationPreviewHandler()], 'staff'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: '参加する' }, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** 招待を開いたまま接続が切れたとき。 */
export const Offline: ScreenStoryObj = {
  play: async (context) => {
    await expect(await text(context.canvasElement, /アカウントを作成して参加/)).toBeVisible();
    await goOffline(context);
  },
};
