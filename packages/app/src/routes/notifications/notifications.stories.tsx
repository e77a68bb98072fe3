import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { notificationJourneyHandlers } from '../../stories/journey-handlers';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/通知',
  id: 'screens-notifications',
  ...screenMeta(appRoutes.notifications.path),
};
export default meta;

const reads = [['get', '/api/notifications']] as const;
const states = standardStates(reads);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
export const StaffView: ScreenStoryObj = states.StaffView;

/** 通知をすべて既読にする操作の流れ。未読の数が 0 になります。 */
export const JourneyMarkAllRead: ScreenStoryObj = {
  ...withHandlers(notificationJourneyHandlers()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/未読 4 件/, {}, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'すべて既読にする' }));
    await expect(await canvas.findByText(/未読 0 件/, {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** テナントでこの機能が無効のとき（機能の設定で無効・サーバーも FEAT_001 で断ります）。 */
export const FeatureOff: ScreenStoryObj = featureOff('notifications', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
