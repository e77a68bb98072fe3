import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Messages, mergeGroup, mergeMessages, type PartialMessages } from './messages';

// The context holds only the overrides of the enclosing providers: the defaults stay with the
// components that render them (see `useMessageGroups`), so no bundle carries every label.
export const MessagesContext = createContext<PartialMessages>({});

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

/**
 * The labels in effect for the given groups: `defaults` names each group with its defaults (the
 * constants of i18n/groups/), and each comes back with the providers' overrides laid on it.
 * Components use this rather than `useMessages()` so that they import only their own labels.
 */
export function useMessageGroups<Groups extends Partial<Messages>>(defaults: Groups): Groups {
  const overrides = useContext(MessagesContext);
  let merged: Record<string, unknown> | undefined;
  for (const group of Object.keys(defaults) as (keyof Groups & keyof Messages)[]) {
    const fields = overrides[group];
    if (!fields) continue;
    merged ??= { ...defaults };
    merged[group] = mergeGroup(defaults[group] as object, fields);
  }
  return (merged ?? defaults) as Groups;
}
