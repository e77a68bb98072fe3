import { storage } from './lock-flag';

/**
 * The time of the last input in any tab of this origin (localStorage), for the screen lock's idle
 * watcher; the lock's own flag is in lock-flag.ts.
 */
export const ACTIVITY_KEY = 'tsumiki-last-activity';
/** Until the tenant's setting has arrived (the contract's default). */
export const DEFAULT_LOCK_MINUTES = 10;
/**
 * Inputs counted as activity. Scrolling counts through its inputs (wheel, touch, keys, the
 * scrollbar's pointerdown): a `scroll` event also follows the page's own changes, which are not
 * someone at the terminal.
 */
export const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

let lastPointer: { x: number; y: number } | null = null;

/**
 * Whether an input event is a person's: the browser also sends a pointermove without any movement
 * when the page changes under a resting pointer (a clock ticking in the top bar), which must not
 * keep the screen open: only a pointer that moved since the last one counts.
 */
export function isPersonInput(event: Event): boolean {
  if (event.type !== 'pointermove' && event.type !== 'mousemove') return true;
  const { screenX: x, screenY: y } = event as MouseEvent;
  // The first one after a load only says where the pointer rests (a page change under it sends one).
  const moved = lastPointer !== null && (lastPointer.x !== x || lastPointer.y !== y);
  lastPointer = { x, y };
  return moved;
}
/** How often the time of the last input is written (each input would be too often). */
const ACTIVITY_WRITE_MS = 2000;

let lastWritten = 0;

/** Notes an input now (at most every two seconds). */
export function markActivity(now: number = Date.now()): void {
  if (now - lastWritten < ACTIVITY_WRITE_MS) return;
  lastWritten = now;
  storage()?.setItem(ACTIVITY_KEY, String(now));
}

/** Notes an input now whatever the last write (a page load, an unlock). */
export function resetActivity(now: number = Date.now()): void {
  lastWritten = 0;
  markActivity(now);
}

/** The last input in any tab, in ms since the epoch (0 when none was noted). */
export function lastActivity(): number {
  const value = Number(storage()?.getItem(ACTIVITY_KEY));
  return Number.isFinite(value) ? value : 0;
}

/** Whether the time without input has reached the limit. */
export function isIdleFor(minutes: number, now: number, last: number): boolean {
  return last > 0 && now - last >= minutes * 60_000;
}
