import { formatRelativeTime } from '@tsumiki/ui';
import { useEffect, useState } from 'react';
import { formatTenantDateTime, getDisplayTimeZone } from '../../lib/format';

/** `2026/11/22 14:05`, in the tenant's time zone whatever the device says. */
export function absoluteTime(iso: string): string {
  return formatTenantDateTime(iso);
}

/** `5分前`, `昨日`, else the date, in the tenant's time zone. */
export function relativeTime(iso: string, now: number): string {
  return formatRelativeTime(iso, { timeZone: getDisplayTimeZone(), now });
}

/** The present, moving every `intervalMs`, for relative times and remaining minutes. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
