import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, signedOut } from '../../stories/screen-story';
import { DEMO_PEOPLE } from '../../stories/session-fixture';
import { held } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/ログイン',
  id: 'screens-login',
  ...screenMeta(appRoutes.login.path),
  ...signedOut(),
};
export default meta;

async function signIn(canvasElement: HTMLElement, password = 'tsumiki-demo-2026') {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByLabelText(/^メールアドレス/, {}, { timeout: 10_000 }),
    DEMO_PEOPLE.admin.email,
  );
  await userEvent.type(canvas.getByLabelText(/^パスワード/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'ログイン' }));
  return canvas;
}

/** ログイン画面（未入力）。 */
export const Empty: ScreenStoryObj = {};

/** 入力を済ませたところ。 */
export const Full: ScreenStoryObj = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(/^メールアドレス/, {}, { timeout: 10_000 }),
      DEMO_PEOPLE.admin.email,
    );
    await userEvent.type(canvas.getByLabelText(/^パスワード/), 'tsumiki-demo-2026');
  },
};

/** ログインの応答を待っているところ。 */
export const Loading: ScreenStoryObj = {
  ...signedOut([http.post('*/auth/v1/token', held)]),
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
  },
};

/** パスワードが違うとき。 */
export const FailedWrongPassword: ScreenStoryObj = {
  ...signedOut([
    http.post('*/auth/v1/token', async () => {
      await delay(200);
      return HttpResponse.json(
        { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
        { status: 400 },
      );
    }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'wrong-password');
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** 認証サービスにつながらないとき。 */
export const FailedNetwork: ScreenStoryObj = {
  ...signedOut([http.post('*/auth/v1/token', () => HttpResponse.error())]),
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
  },
};
