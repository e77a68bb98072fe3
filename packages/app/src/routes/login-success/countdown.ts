import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a countdown that calls `onDone` once when it reaches 0. It follows the clock, not
 * the number of ticks, so a throttled background tab still leaves on time.
 */
export function useCountdown(seconds: number, onDone: () => void, enabled = true): number {
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!enabled) return;
    const deadline = Date.now() + seconds * 1000;
    let finished = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0 && !finished) {
        finished = true;
        clearInterval(timer);
        done.current();
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [seconds, enabled]);

  return remaining;
}
