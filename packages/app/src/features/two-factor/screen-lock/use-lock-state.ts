import { useCallback, useEffect, useState } from 'react';
import { isScreenLocked, LOCK_KEY, setScreenLocked } from './lock-flag';

/**
 * Whether the screen is locked: the flag in localStorage (a reload finds it), followed across the
 * tabs of this origin.
 */
export function useLockState(): { locked: boolean; lock: () => void; unlock: () => void } {
  const [locked, setLocked] = useState(isScreenLocked);

  // Another tab locked or unlocked.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCK_KEY || event.key === null) setLocked(isScreenLocked());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const lock = useCallback(() => {
    setScreenLocked(true);
    setLocked(true);
  }, []);
  const unlock = useCallback(() => {
    // The idle watcher mounts again with the screens and starts counting afresh.
    setScreenLocked(false);
    setLocked(false);
  }, []);
  return { locked, lock, unlock };
}
