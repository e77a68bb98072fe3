import { expect, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { ASSISTANT_REPLY, aiStreamHandler } from '../../stories/ai-stream-handlers';
import { ask } from '../../stories/conversation-play';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  withHandlers,
} from '../../stories/screen-story';
import { failing, failures, held } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/AIアシスタント',
  id: 'screens-aiassistant',
  ...screenMeta(appRoutes.aiAssistant.path),
};
export default meta;

/** 質問する前（入力欄と例）。 */
export const Empty: ScreenStoryObj = { ...withHandlers([]), play: screenSettled };

/** 回答が届き終わったところ（根拠つき）。 */
export const Full: ScreenStoryObj = {
  ...withHandlers([aiStreamHandler('/api/aiassistant/', ASSISTANT_REPLY, { finish: true })]),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    const answer = (await canvas.findAllByTestId('assistant-answer', {}, { timeout: 15_000 })).at(-1)!;
    await expect(
      await within(answer).findByText(/今月の対応は 10 件/, {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** 回答を書いている途中（ストリームの途中で止めています）。 */
export const Streaming: ScreenStoryObj = {
  ...withHandlers([aiStreamHandler('/api/aiassistant/', ASSISTANT_REPLY, { finish: false })]),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    await expect(
      (await canvas.findAllByText(/回答を作成しています/, {}, { timeout: 15_000 }))[0],
    ).toBeVisible();
  },
};

/** 応答を待っているところ。 */
export const Loading: ScreenStoryObj = {
  ...withHandlers([failing('post', '/api/aiassistant/', held)]),
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
  },
};

/** サーバーのエラーで回答できなかったとき。 */
export const FailedServer: ScreenStoryObj = {
  ...withHandlers([failing('post', '/api/aiassistant/', failures.server)]),
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await expect(
      await page.findByText(/システムエラーが発生しました/, {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** テナントで AI アシスタントが無効のとき。 */
export const FeatureOff: ScreenStoryObj = featureOff('staff_chat');

/** 使っている途中で接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...withHandlers([]), play: goOffline };
