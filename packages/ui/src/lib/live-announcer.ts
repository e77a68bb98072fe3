/**
 * One polite live region at the end of <body>, shared by every component that needs to announce
 * something (e.g. a busy button's 処理中). It lives outside the announcing element on purpose:
 * a disabled or re-rendered element's own text is not reliably read out.
 */
const REGION_SELECTOR = '[data-slot="live-announcer"]';
const ANNOUNCE_DELAY_MS = 100;

let pending: { timer: ReturnType<typeof setTimeout>; message: string } | undefined;

/** Creates the live region if it is not there yet, so that a later message is announced. */
export function ensureLiveRegion(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const existing = document.querySelector<HTMLElement>(REGION_SELECTOR);
  if (existing) return existing;
  const region = document.createElement('div');
  region.dataset.slot = 'live-announcer';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  document.body.append(region);
  return region;
}

/** Reads `message` out politely. The short delay lets a freshly created region register first. */
export function announce(message: string): void {
  const region = ensureLiveRegion();
  if (!region) return;
  if (pending) clearTimeout(pending.timer);
  region.textContent = '';
  const timer = setTimeout(() => {
    region.textContent = message;
    pending = undefined;
  }, ANNOUNCE_DELAY_MS);
  pending = { timer, message };
}

/** Empties the region (e.g. when the busy state ends) so a stale message is not re-read. */
export function clearAnnouncement(message?: string): void {
  if (typeof document === 'undefined') return;
  if (pending && (message === undefined || pending.message === message)) {
    clearTimeout(pending.timer);
    pending = undefined;
  }
  const region = document.querySelector<HTMLElement>(REGION_SELECTOR);
  if (!region) return;
  if (message === undefined || region.textContent === message) region.textContent = '';
}
