import { expect, within } from 'storybook/test';
import { ASSISTANT_REPLY, aiStreamHandler } from './ai-stream-handlers';
import { ask } from './conversation-play';
import { type ScreenStoryObj, withHandlers } from './screen-story';
import { failing, failures, held } from './typed-handler';

/**
 * The states of a streamed AI conversation (the AI chat and the AI assistant share one
 * conversation component): the answer finished and mid-stream, waiting, and failed on the server
 * or the network. Each story file re-exports them under its own names.
 */
export function conversationStories(endpoint: '/api/chat' | '/api/aiassistant/') {
  const Full: ScreenStoryObj = {
    ...withHandlers([aiStreamHandler(endpoint, ASSISTANT_REPLY, { finish: true })]),
    play: async ({ canvasElement }) => {
      const canvas = await ask(canvasElement);
      const answer = (await canvas.findAllByTestId('assistant-answer', {}, { timeout: 15_000 })).at(-1)!;
      await expect(
        await within(answer).findByText(/今月の対応は 10 件/, {}, { timeout: 15_000 }),
      ).toBeVisible();
    },
  };

  const Streaming: ScreenStoryObj = {
    ...withHandlers([aiStreamHandler(endpoint, ASSISTANT_REPLY, { finish: false })]),
    play: async ({ canvasElement }) => {
      const canvas = await ask(canvasElement);
      await expect(await canvas.findByTestId('streaming-answer', {}, { timeout: 15_000 })).toBeVisible();
      await expect(
        (await canvas.findAllByText(/回答を作成しています/, {}, { timeout: 15_000 }))[0],
      ).toBeVisible();
    },
  };

  const Loading: ScreenStoryObj = {
    ...withHandlers([failing('post', endpoint, held)]),
    play: async ({ canvasElement }) => {
      await ask(canvasElement);
    },
  };

  const FailedServer: ScreenStoryObj = {
    ...withHandlers([failing('post', endpoint, failures.server)]),
    play: async ({ canvasElement }) => {
      await ask(canvasElement);
      const page = within(canvasElement.ownerDocument.body);
      await expect(
        await page.findByText(/システムエラーが発生しました/, {}, { timeout: 15_000 }),
      ).toBeVisible();
    },
  };

  const FailedNetwork: ScreenStoryObj = {
    ...withHandlers([failing('post', endpoint, failures.network)]),
    play: async ({ canvasElement }) => {
      await ask(canvasElement);
      const page = within(canvasElement.ownerDocument.body);
      await expect((await page.findAllByRole('alert', {}, { timeout: 15_000 }))[0]).toBeVisible();
    },
  };

  return { Full, Streaming, Loading, FailedServer, FailedNetwork };
}
