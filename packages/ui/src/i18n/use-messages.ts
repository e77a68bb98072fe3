import { useContext, useMemo } from 'react';
import { defaultMessages } from './default-messages';
import { type Messages, mergeMessages } from './messages';
import { MessagesContext } from './messages-provider';

// Apart from the provider: it needs every group's defaults, which no component of this package
// imports (they use `useMessageGroups`), so an app that never calls it does not load them.
/** The labels in effect, every group (Japanese defaults where not overridden); works without a provider. */
export function useMessages(): Messages {
  const overrides = useContext(MessagesContext);
  return useMemo(() => mergeMessages(defaultMessages, overrides), [overrides]);
}
