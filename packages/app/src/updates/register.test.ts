// The update controller's decisions, against stand-ins for the browser's service worker objects
// (e2e/tests/updates.spec.ts runs the real worker in Chromium).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateController } from './register';

class Worker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class Registration extends EventTarget {
  installing: Worker | null = null;
  waiting: Worker | null = null;
  active: Worker | null = null;
  updates = 0;
  async update() {
    this.updates += 1;
  }
  /** A new script was found: it installs while `active` stays. */
  install(): Worker {
    const worker = new Worker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.become('installed');
    this.installing = null;
    this.waiting = worker;
    return worker;
  }
}

class Container extends EventTarget {
  constructor(readonly registration: Registration) {
    super();
  }
  async register() {
    return this.registration as unknown as ServiceWorkerRegistration;
  }
}

function setup(registration = new Registration()) {
  registration.active ??= Object.assign(new Worker(), { state: 'activated' as const });
  const container = new Container(registration);
  const reload = vi.fn();
  const controller = new UpdateController(container as unknown as ServiceWorkerContainer, reload);
  return { registration, container, reload, controller };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('UpdateController', () => {
  it('offers a version that installs while another is active, and not the first install', async () => {
    const registration = new Registration();
    const { controller } = setup(registration);
    registration.active = null;
    await controller.start();
    stop = () => controller.stop();
    const first = new Worker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    expect(controller.getSnapshot().available).toBe(false);
    first.become('activated');
    registration.active = first;

    registration.install();
    expect(controller.getSnapshot()).toEqual({ available: true, activating: false });
  });

  it('starts quietly when the browser resolves the registration with nothing (workers blocked)', async () => {
    const { container, controller } = setup();
    container.register = async () => undefined as unknown as ServiceWorkerRegistration;
    await expect(controller.start()).resolves.toBeUndefined();
    await expect(controller.check()).resolves.toBeUndefined();
    expect(controller.getSnapshot()).toEqual({ available: false, activating: false });
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const registration = new Registration();
    registration.waiting = Object.assign(new Worker(), { state: 'installed' as const });
    const { controller } = setup(registration);
    await controller.start();
    stop = () => controller.stop();
    expect(controller.getSnapshot().available).toBe(true);
  });

  it('accepting tells the waiting worker to skip waiting and reloads once it controls the page', async () => {
    const { registration, container, controller, reload } = setup();
    await controller.start();
    stop = () => controller.stop();
    const next = registration.install();
    controller.accept();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(controller.getSnapshot()).toEqual({ available: true, activating: true });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    next.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('putting it off hides the banner until a newer version installs', async () => {
    const { registration, controller } = setup();
    await controller.start();
    stop = () => controller.stop();
    const next = registration.install();
    controller.dismiss();
    expect(controller.getSnapshot().available).toBe(false);
    await controller.check();
    expect(controller.getSnapshot().available).toBe(false);
    next.become('redundant');
    registration.install();
    expect(controller.getSnapshot().available).toBe(true);
  });

  it('checks every hour, when the tab becomes visible and when the connection returns', async () => {
    vi.useFakeTimers();
    const { registration, controller } = setup();
    await controller.start();
    stop = () => controller.stop();
    expect(registration.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(registration.updates).toBe(1);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.updates).toBe(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.updates).toBe(3);
    controller.stop();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(registration.updates).toBe(3);
  });
});
