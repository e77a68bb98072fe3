import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Messages } from '../../i18n/messages';
import { isImeComposing, isSubmitEnter } from '../../lib/ime';
import { announce, ensureLiveRegion } from '../../lib/live-announcer';

type TagInputOptions = {
  value: readonly string[];
  onValueChange: (tags: string[]) => void;
  maxTags: number | undefined;
  maxTagLength: number | undefined;
  text: Messages['tagInput'];
  onKeyDown: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;
  onBlur: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
};

/**
 * The draft and the tags: adding (refusing duplicates, too many or too long tags with a notice),
 * removing, and announcing every change. The caller's `onKeyDown` and `onBlur` run first and can
 * prevent the default.
 */
export function useTagInput({
  value,
  onValueChange,
  maxTags,
  maxTagLength,
  text,
  onKeyDown,
  onBlur,
}: TagInputOptions) {
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    ensureLiveRegion();
  }, []);

  const refuse = (message: string) => {
    setNotice(message);
    announce(message);
  };

  /** Adds the draft; true when the draft was used up (added or a duplicate). */
  const commit = (raw: string): boolean => {
    const tag = raw.trim();
    if (tag === '') return true;
    if (value.includes(tag)) {
      refuse(text.duplicate(tag));
      return true;
    }
    if (maxTags !== undefined && value.length >= maxTags) {
      refuse(text.limit(maxTags));
      return false;
    }
    if (maxTagLength !== undefined && Array.from(tag).length > maxTagLength) {
      refuse(text.tooLong(maxTagLength));
      return false;
    }
    setNotice(null);
    onValueChange([...value, tag]);
    announce(text.added(tag));
    return true;
  };

  const remove = (tag: string) => {
    setNotice(null);
    onValueChange(value.filter((item) => item !== tag));
    announce(text.removed(tag));
  };

  return {
    notice,
    inputRef,
    /** The × of a chip: focus goes back to the input rather than to <body>. */
    removeFromChip: (tag: string) => {
      remove(tag);
      inputRef.current?.focus();
    },
    inputProps: {
      value: draft,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setDraft(event.target.value);
        if (notice) setNotice(null);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (isSubmitEnter(event)) {
          // Enter adds a tag; it never submits the surrounding form.
          event.preventDefault();
          if (commit(event.currentTarget.value)) setDraft('');
        } else if (
          event.key === 'Backspace' &&
          !isImeComposing(event) &&
          event.currentTarget.value === '' &&
          value.length > 0
        ) {
          event.preventDefault();
          remove(value[value.length - 1]!);
        }
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        onBlur?.(event);
        if (commit(event.currentTarget.value)) setDraft('');
      },
    },
  };
}
