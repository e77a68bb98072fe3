import type { Messages } from '../messages';

/** The Japanese defaults of the `chatMessage` labels. */
export const chatMessageMessages: Messages['chatMessage'] = {
  question: '質問',
  answer: '回答',
};
