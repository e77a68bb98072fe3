/**
 * The screen lock's flag in localStorage, shared by the tabs of this origin: never any of the data,
 * only that the screen is locked, which a reload finds. Apart from the idle watcher's code
 * (lock-state.ts): the route guard and the loaders read it on the first screen.
 */
export const LOCK_KEY = 'tsumiki-screen-lock';

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isScreenLocked(): boolean {
  return storage()?.getItem(LOCK_KEY) === '1';
}

export function setScreenLocked(locked: boolean): void {
  if (locked) storage()?.setItem(LOCK_KEY, '1');
  else storage()?.removeItem(LOCK_KEY);
}
