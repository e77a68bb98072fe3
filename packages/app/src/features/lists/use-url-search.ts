import { useEffect, useRef, useState } from 'react';

export interface UrlSearch {
  /** The box's `key`: it changes when the URL changes without the box (back/forward, 条件をクリア). */
  key: number;
  /** The box's controlled text. */
  text: string;
  setText: (text: string) => void;
  /** Call with what the box writes into the URL, before writing it. */
  markEmitted: (value: string) => void;
  /** Empties the box and starts it again, even when the URL's value is already empty (条件をクリア). */
  reset: () => void;
}

/**
 * Keeps a search box (or any text filter) in step with its URL parameter: what the user types
 * stays while it is being searched; a change the box did not make (back/forward, 条件をクリア)
 * replaces the text and remounts the box (`key`) so that it starts again from the URL's value.
 */
export function useUrlSearch(value: string): UrlSearch {
  const [text, setText] = useState(value);
  const [key, setKey] = useState(0);
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
      setKey((current) => current + 1);
    }
  }, [value]);
  return {
    key,
    text,
    setText,
    markEmitted: (next) => {
      emitted.current = next;
    },
    reset: () => {
      emitted.current = '';
      setText('');
      setKey((current) => current + 1);
    },
  };
}
