import { UpdateBanner } from '@tsumiki/ui';
import { useSyncExternalStore } from 'react';
import { UpdateController } from './register';

/** One per page: the registration and its checks outlive any remount of the prompt. */
let controller: UpdateController | null = null;

function pageController(container: ServiceWorkerContainer): UpdateController {
  if (!controller) {
    controller = new UpdateController(container);
    void controller.start();
  }
  return controller;
}

/**
 * Registers the service worker and, when a new version is waiting, shows the update banner at
 * the bottom of every screen (SPEC section 4): 更新する activates it and reloads, あとで keeps
 * this version for now. Loaded after the first paint (updates.tsx).
 */
export default function UpdatePrompt({ container }: { container: ServiceWorkerContainer }) {
  const updates = pageController(container);
  const state = useSyncExternalStore(updates.subscribe, updates.getSnapshot);

  if (!state.available) return null;
  return (
    <UpdateBanner
      floating
      reloading={state.activating}
      onReload={() => updates.accept()}
      onDismiss={state.activating ? undefined : () => updates.dismiss()}
    />
  );
}
