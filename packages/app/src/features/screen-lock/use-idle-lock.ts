import { useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_EVENTS,
  isIdleFor,
  isPersonInput,
  isScreenLocked,
  LOCK_KEY,
  lastActivity,
  markActivity,
  resetActivity,
  setScreenLocked,
} from './lock-state';

/** How often the time without input is looked at. */
const CHECK_MS = 1000;

/**
 * Locks after `minutes` without input (pointer, keys, touch, wheel) in any tab of this
 * origin, and follows the other tabs' locking and unlocking. `active` is false while nobody is
 * signed in. `onLock` runs as the lock engages (to drop cached data).
 */
export function useIdleLock({
  minutes,
  active,
  onLock,
}: {
  minutes: number;
  active: boolean;
  onLock: () => void;
}): { locked: boolean; unlock: () => void } {
  const [locked, setLocked] = useState(isScreenLocked);

  // Another tab locked or unlocked.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCK_KEY || event.key === null) setLocked(isScreenLocked());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (locked) onLock();
  }, [locked, onLock]);

  // Counting starts afresh when the screens open (signed in, unlocked), not when the time changes.
  const counting = useRef(false);
  useEffect(() => {
    if (!active || locked) {
      counting.current = false;
      return;
    }
    if (!counting.current) resetActivity();
    counting.current = true;
    const onInput = (event: Event) => {
      if (isPersonInput(event)) markActivity();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onInput, { capture: true, passive: true });
    }
    const timer = setInterval(() => {
      if (isIdleFor(minutes, Date.now(), lastActivity())) {
        setScreenLocked(true);
        setLocked(true);
      }
    }, CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [active, locked, minutes]);

  const unlock = () => {
    setScreenLocked(false);
    resetActivity();
    setLocked(false);
  };
  return { locked, unlock };
}
