import { useQuery } from '@tanstack/react-query';
import { securitySettingsQueryOptions, type TenantId } from '@tsumiki/api-client/react';
import { useEffect } from 'react';
import { api } from '../../../app/api';
import {
  ACTIVITY_EVENTS,
  DEFAULT_LOCK_MINUTES,
  isIdleFor,
  isPersonInput,
  lastActivity,
  markActivity,
  resetActivity,
} from './lock-state';

/** How often the time without input is looked at. */
const CHECK_MS = 1000;

/**
 * Watches for input (pointer, keys, touch, wheel) while the screens are open, and calls `onIdle`
 * after the tenant's `screen_lock_minutes` without any in any tab of this origin. Mounted while
 * the screens are open, in its own chunk (it is not needed to show the first screen): counting
 * starts when it mounts, and a change of the minutes does not start it again.
 */
export function IdleWatcher({ tenantId, onIdle }: { tenantId: TenantId; onIdle: () => void }) {
  const settings = useQuery(securitySettingsQueryOptions(api, tenantId));
  const minutes = settings.data?.screen_lock_minutes ?? DEFAULT_LOCK_MINUTES;

  useEffect(() => {
    resetActivity();
    const onInput = (event: Event) => {
      if (isPersonInput(event)) markActivity();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onInput, { capture: true, passive: true });
    }
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, []);

  useEffect(() => {
    // Says that the lock is counting, and after how long (an end-to-end test waits for it before
    // it moves the page's clock on).
    document.documentElement.dataset.screenLockMinutes = String(minutes);
    const timer = setInterval(() => {
      if (isIdleFor(minutes, Date.now(), lastActivity())) onIdle();
    }, CHECK_MS);
    return () => {
      clearInterval(timer);
      delete document.documentElement.dataset.screenLockMinutes;
    };
  }, [minutes, onIdle]);

  return null;
}
