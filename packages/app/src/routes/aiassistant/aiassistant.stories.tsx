import { appRoutes } from '../../app/paths';
import { conversationStories } from '../../stories/conversation-stories';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  withHandlers,
} from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/AIアシスタント',
  id: 'screens-aiassistant',
  ...screenMeta(appRoutes.aiAssistant.path),
};
export default meta;

/** 質問する前（入力欄と例）。 */
export const Empty: ScreenStoryObj = { ...withHandlers([]), play: screenSettled };

const conversation = conversationStories('/api/aiassistant/');

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

/** テナントで AI アシスタントが無効のとき。 */
export const FeatureOff: ScreenStoryObj = featureOff('staff_chat');

/** 使っている途中で接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...withHandlers([]), play: goOffline };
