import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

type KeyLike = Pick<KeyboardEvent, 'key' | 'isComposing' | 'keyCode'>;

/**
 * True while an input method editor (IME) is composing: the Enter that confirms a kana→kanji
 * conversion must not submit a form or run a search. Safari reports the confirming keydown with
 * `isComposing === false` but `keyCode === 229`, hence both checks.
 */
export function isImeComposing(event: KeyLike | ReactKeyboardEvent): boolean {
  const native = 'nativeEvent' in event ? event.nativeEvent : event;
  return native.isComposing || native.keyCode === 229;
}

/** An Enter keypress that is not the confirmation of an IME conversion. */
export function isSubmitEnter(event: KeyLike | ReactKeyboardEvent): boolean {
  return event.key === 'Enter' && !isImeComposing(event);
}

/**
 * Wraps an Enter handler for `onKeyDown` so that it ignores the Enter that confirms an IME
 * conversion: `<input onKeyDown={onImeSafeEnter(() => submit())} />`.
 */
export function onImeSafeEnter<E extends ReactKeyboardEvent>(
  handler: (event: E) => void,
): (event: E) => void {
  return (event) => {
    if (isSubmitEnter(event)) handler(event);
  };
}
