import { useSyncExternalStore } from 'react';

/**
 * Recovery codes issued at an enrolment that the person has not yet confirmed saving. Kept out of
 * React state: verifying the first code changes the session (tenant-me is asked again and the
 * enrolment screen goes away), and the codes must outlive that screen. Never persisted.
 */
let pending: readonly string[] | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setPendingRecoveryCodes(codes: readonly string[] | null): void {
  pending = codes;
  emit();
}

export function usePendingRecoveryCodes(): readonly string[] | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
