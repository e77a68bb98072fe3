import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useAfterFirstScreen } from '../app/after-first-screen';

// The service worker's registration and the update banner are not needed for the first paint:
// their chunk is fetched once the page has loaded and the first screen is shown, so it never
// competes with that screen (app/after-first-screen.ts).
const UpdatePrompt = lazy<ComponentType<{ container: ServiceWorkerContainer }>>(() =>
  import('./update-prompt').catch(() => ({ default: () => null })),
);

function loaded(): boolean {
  return document.readyState === 'complete';
}

/**
 * Offline use and the update banner (SPEC section 4), in production builds of browsers with
 * service workers (`vite dev` serves no worker).
 */
export function Updates() {
  const [ready, setReady] = useState(loaded);
  const firstScreenShown = useAfterFirstScreen();
  useEffect(() => {
    if (ready) return;
    const onLoad = () => setReady(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [ready]);

  if (!import.meta.env.PROD || !ready || !firstScreenShown || !('serviceWorker' in navigator)) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt container={navigator.serviceWorker} />
    </Suspense>
  );
}
