import { type ChangeEvent, type CompositionEvent, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Props for a controlled `<input>` whose text is converted as the user types (kana → katakana,
 * full-width digits → half-width). Never during an IME composition: the text is converted when the
 * composition ends, and on input when not composing. The caret stays where it was.
 */
export function useConvertingInput(
  value: string,
  onValueChange: (value: string) => void,
  convert: (text: string) => string,
) {
  const composing = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input) return;
    if (document.activeElement === input) input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const apply = useCallback(
    (input: HTMLInputElement) => {
      const raw = input.value;
      const converted = convert(raw);
      if (converted !== raw) {
        const position = input.selectionStart ?? raw.length;
        caret.current = convert(raw.slice(0, position)).length;
      }
      onValueChange(converted);
    },
    [convert, onValueChange],
  );

  return {
    ref: inputRef,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const native = event.nativeEvent as InputEvent;
      if (composing.current || native.isComposing) onValueChange(event.target.value);
      else apply(event.target);
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
      composing.current = false;
      apply(event.currentTarget);
    },
  };
}
