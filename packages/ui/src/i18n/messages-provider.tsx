import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { defaultMessages, type Messages, mergeMessages, type PartialMessages } from './messages';

const MessagesContext = createContext<Messages>(defaultMessages);

export type MessagesProviderProps = {
  /** Labels to replace; anything left out keeps the value of the enclosing provider (or the Japanese default). */
  messages?: PartialMessages;
  children: ReactNode;
};

export function MessagesProvider({ messages, children }: MessagesProviderProps) {
  const parent = useContext(MessagesContext);
  const value = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return <MessagesContext value={value}>{children}</MessagesContext>;
}

/** The labels in effect; works without a provider (Japanese defaults). */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
