import { isImeComposing } from '@tsumiki/ui';
import type { KeyboardEvent } from 'react';

/** The hint under a box where Ctrl+Enter sends (the AI chat, the assistant, the legal check). */
export const SEND_SHORTCUT_HINT = 'Ctrl+Enter（Mac は ⌘+Enter）で送信、Enter で改行します。';

/**
 * A textarea's key handler: Ctrl+Enter (⌘+Enter) sends, Enter makes a new line, and the Enter that
 * confirms an IME conversion does neither.
 */
export function sendOnCtrlEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || isImeComposing(event)) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      send();
    }
  };
}
