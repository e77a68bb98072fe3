import { SERVICE_WORKER_URL, skipWaitingMessage } from './sw-protocol';

/** How often an open page asks the server whether a new version is out (a reception PC stays open for days). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateState {
  /** A new version is installed and waiting, and the user has not put it off. */
  available: boolean;
  /** The user accepted: the new version is taking over, the page reloads next. */
  activating: boolean;
}

type Listener = () => void;

/**
 * The page's side of the service worker (SPEC section 4): registers it, checks for a new version
 * every hour, when the tab becomes visible again and when the connection returns; a new version
 * that has installed and waits is offered to the user, who either accepts (the waiting worker is
 * told to skip waiting, and the page reloads once it controls the page) or puts it off (the page
 * keeps its version; a newer one is offered again).
 */
export class UpdateController {
  private state: UpdateState = { available: false, activating: false };
  private readonly listeners = new Set<Listener>();
  private registration: ServiceWorkerRegistration | null = null;
  private waiting: ServiceWorker | null = null;
  private dismissed: ServiceWorker | null = null;
  private checking = false;
  private reloading = false;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly container: ServiceWorkerContainer,
    private readonly reload: () => void = () => window.location.reload(),
  ) {}

  /** Registers the worker and starts the checks; resolves once registered (errors are logged, never thrown). */
  async start(intervalMs: number = UPDATE_CHECK_INTERVAL_MS): Promise<void> {
    let registration: ServiceWorkerRegistration | undefined;
    try {
      registration = await this.container.register(SERVICE_WORKER_URL, { scope: '/' });
    } catch (error) {
      // No worker (a private window that forbids it, a broken deployment): the app works as before.
      console.warn('Service Worker を登録できませんでした', error);
      return;
    }
    // A browser that blocks workers (an automation setting) may resolve with nothing at all.
    if (!registration) return;
    this.registration = registration;
    if (registration.waiting && registration.active) this.offer(registration.waiting);
    const onUpdateFound = () => this.watchInstalling();
    registration.addEventListener('updatefound', onUpdateFound);
    this.watchInstalling();

    const check = () => void this.check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(check, intervalMs);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', check);
    this.stops.push(
      () => registration.removeEventListener('updatefound', onUpdateFound),
      () => clearInterval(timer),
      () => document.removeEventListener('visibilitychange', onVisible),
      () => window.removeEventListener('online', check),
    );
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Asks the server for the worker script; a changed one installs and is then offered. */
  async check(): Promise<void> {
    const registration = this.registration;
    if (!registration || this.checking || this.state.activating) return;
    // Offline the check can only fail; the `online` event checks again.
    if (!navigator.onLine) return;
    this.checking = true;
    try {
      await registration.update();
    } catch {
      // The server is unreachable or the script failed to install: the next check tries again.
    } finally {
      this.checking = false;
    }
  }

  /** 更新する: the waiting version takes over, then the page reloads into it. */
  accept(): void {
    const worker = this.waiting;
    if (!worker || this.state.activating) return;
    this.set({ available: true, activating: true });
    const reloadOnce = () => {
      if (this.reloading) return;
      this.reloading = true;
      this.reload();
    };
    // Controlled pages switch to the new worker (controllerchange); a page that the old worker did
    // not control (opened before the first install finished) reloads when the new one is active.
    this.container.addEventListener('controllerchange', reloadOnce);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') reloadOnce();
    });
    if (worker.state === 'activated') reloadOnce();
    else worker.postMessage(skipWaitingMessage);
  }

  /** あとで: this page keeps its version; the banner comes back only for a newer one. */
  dismiss(): void {
    this.dismissed = this.waiting;
    this.set({ available: false, activating: false });
  }

  getSnapshot = (): UpdateState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private watchInstalling(): void {
    const worker = this.registration?.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      // Installed while another version is active: an update, waiting for the user. (The first
      // install activates at once: there is nothing to offer.)
      const active = this.registration?.active;
      if (worker.state === 'installed' && active && active !== worker) this.offer(worker);
    });
  }

  private offer(worker: ServiceWorker): void {
    if (worker === this.dismissed || worker === this.waiting) return;
    this.waiting = worker;
    worker.addEventListener('statechange', () => {
      // Replaced by a newer version before the user decided: that one is offered when it installs.
      if (worker.state === 'redundant' && this.waiting === worker && !this.state.activating) {
        this.waiting = null;
        this.set({ available: false, activating: false });
      }
    });
    this.set({ available: true, activating: false });
  }

  private set(state: UpdateState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
