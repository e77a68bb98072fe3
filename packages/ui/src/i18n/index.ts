export { defaultMessages, type Messages, type PartialMessages } from './messages';
export { MessagesProvider, type MessagesProviderProps, useMessages } from './messages-provider';
