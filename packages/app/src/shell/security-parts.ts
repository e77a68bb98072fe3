// What sign-in security loads on demand, as one chunk (one request, and one file for the entry and
// the shell to name instead of a handful; the service worker caches every chunk anyway): the
// second factor's code or enrolment with the recovery codes it leaves (features/two-factor/lazy-gate.tsx),
// and, once the screens are open, the idle watcher, the lock screen and the two-factor refusals'
// watcher (features/two-factor/screen-lock/screen-lock-gate.tsx).

export { MfaGate } from '../features/two-factor/mfa-gate';
export { LockView } from '../features/two-factor/screen-lock/lock-view';
export { OpenScreensWatchers } from '../features/two-factor/screen-lock/watchers';
