import { expect, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { goOffline } from '../../stories/screen-conditions';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, signedOut } from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/認証中',
  id: 'screens-auth-callback',
  ...screenMeta(appRoutes.authCallback.path),
};
export default meta;

const failedPlay = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await expect(
    await canvas.findByRole('heading', { level: 1, name: 'ログインできませんでした' }, { timeout: 15_000 }),
  ).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'ログイン画面に戻る' })).toBeVisible();
};

/** Google でのログインが済み、1.5 秒の「認証中…」のあとダッシュボードへ移ったところ。 */
export const Full: ScreenStoryObj = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole(
        'heading',
        { level: 1, name: 'ダッシュボード' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  },
};

/** 認証中…（ダッシュボードへ移る前の 1.5 秒）。 */
export const Loading: ScreenStoryObj = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('認証中…', {}, { timeout: 15_000 })).toBeVisible();
  },
};

/** ログインの結果のないまま開いたとき（コードのないアドレス）: ログイン画面へ戻る案内。 */
export const Empty: ScreenStoryObj = { ...signedOut(), play: failedPlay };

/**
 * Google でのログインに失敗したとき（認証サービスがセッションを返さなかった）。この画面では
 * 「結果のないまま開いたとき」と同じ案内です。
 */
export const Failed: ScreenStoryObj = { ...signedOut(), play: failedPlay };

/** 失敗の案内を開いたまま接続が切れたとき。 */
export const Offline: ScreenStoryObj = {
  ...signedOut(),
  play: async (context) => {
    await failedPlay(context);
    await goOffline(context);
  },
};
