import { userEvent, within } from 'storybook/test';

/** The question the conversation stories ask (the offline answer counts this month's interactions). */
export const QUESTION = '今月の対応は何件？';

/** Types the question into the conversation's box and sends it with Ctrl+Enter, as a user would. */
export async function ask(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const box = await canvas.findByRole('textbox', { name: /^メッセージ/ }, { timeout: 15_000 });
  await userEvent.type(box, QUESTION);
  await userEvent.keyboard('{Control>}{Enter}{/Control}');
  return canvas;
}
