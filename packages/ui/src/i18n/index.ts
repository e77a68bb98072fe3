export { defaultMessages } from './default-messages';
export type { Messages, PartialMessages } from './messages';
export { MessagesProvider, type MessagesProviderProps } from './messages-provider';
export { useMessages } from './use-messages';
