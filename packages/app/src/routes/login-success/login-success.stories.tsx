import { expect, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { goOffline } from '../../stories/screen-conditions';
import { type ScreenMeta, type ScreenStoryObj, screenMeta, withHandlers } from '../../stories/screen-story';
import { DEMO_TENANT, tenantMe } from '../../stories/session-fixture';
import { failing, failures, held, typedHandler } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/ログインしました',
  id: 'screens-login-success',
  ...screenMeta(appRoutes.loginSuccess.path),
};
export default meta;

/** The clock stands still: the 3-second countdown holds, the welcome stays on screen. */
const held3s = { clockStopped: true };

async function welcomed({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(
    /^ようこそ、/,
  );
  await expect(canvas.getByTestId('login-success-countdown')).toHaveTextContent(/3 秒後に/);
}

/** ようこそ（名前とテナント、3 秒のカウントダウン。時計を止めて表示しています）。 */
export const Full: ScreenStoryObj = {
  ...withHandlers([]),
  parameters: { ...withHandlers([]).parameters, ...held3s },
  play: async (context) => {
    await welcomed(context);
    await expect(within(context.canvasElement).getByText(DEMO_TENANT.name)).toBeVisible();
  },
};

const me = tenantMe('admin');
const nameless = { ...me, user: { ...me.user, full_name: null } };

/** 名前が未登録の人（メールアドレスで呼びかけます）。 */
export const Empty: ScreenStoryObj = {
  parameters: {
    ...withHandlers([typedHandler('get', '/api/auth/tenant/me', () => nameless)]).parameters,
    ...held3s,
  },
  play: welcomed,
};

/** 3 秒たつとダッシュボードへ移ります（時計は進みます）。 */
export const GoesOn: ScreenStoryObj = {
  ...withHandlers([]),
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

/** 利用者の情報を読み込んでいるところ。 */
export const Loading: ScreenStoryObj = withHandlers([failing('get', '/api/auth/tenant/me', held)]);

/** 利用者の情報を読めなかったとき（ダッシュボードのログイン確認が理由を示します）。 */
export const FailedServer: ScreenStoryObj = withHandlers([
  failing('get', '/api/auth/tenant/me', failures.server),
]);

/** つながらなかったとき。 */
export const FailedNetwork: ScreenStoryObj = withHandlers([
  failing('get', '/api/auth/tenant/me', failures.network),
]);

/** 一般スタッフのようこそ。 */
export const StaffView: ScreenStoryObj = {
  parameters: { ...withHandlers([], 'staff').parameters, ...held3s },
  play: welcomed,
};

/** ようこその途中で接続が切れたとき。 */
export const Offline: ScreenStoryObj = {
  parameters: { ...withHandlers([]).parameters, ...held3s },
  play: async (context) => {
    await welcomed(context);
    await goOffline(context);
  },
};
