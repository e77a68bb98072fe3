import { expect, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { conversationStories } from '../../stories/conversation-stories';
import { featureOff, goOffline, withoutPermissions } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  withHandlers,
} from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/AIチャット',
  id: 'screens-chat',
  ...screenMeta(appRoutes.chat.path),
};
export default meta;

/** 質問する前（入力欄と質問の例）。 */
export const Empty: ScreenStoryObj = { ...withHandlers([]), play: screenSettled };

const conversation = conversationStories('/api/chat');

/** 回答が届き終わったところ（根拠つき）。 */
export const Full: ScreenStoryObj = conversation.Full;

/** 回答を書いている途中（ストリームの途中で止めています）。 */
export const Streaming: ScreenStoryObj = conversation.Streaming;

/** 応答を待っているところ。 */
export const Loading: ScreenStoryObj = conversation.Loading;

/** サーバーのエラーで回答できなかったとき。 */
export const FailedServer: ScreenStoryObj = conversation.FailedServer;

/** サーバーにつながらなかったとき。 */
export const FailedNetwork: ScreenStoryObj = conversation.FailedNetwork;

/** テナントで AI チャットが無効のとき。 */
export const FeatureOff: ScreenStoryObj = featureOff('chat');

/** AI を使う権限を外されたスタッフの表示。 */
export const Forbidden: ScreenStoryObj = {
  ...withoutPermissions(['ai.use']),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('この画面を表示する権限がありません', {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** 一般スタッフの表示（AI は使えるので管理者と同じ画面です）。 */
export const StaffView: ScreenStoryObj = { ...withHandlers([], 'staff'), play: screenSettled };

/** 使っている途中で接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...withHandlers([]), play: goOffline };
