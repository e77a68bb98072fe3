import type { ToastApi, ToastOptions } from '@tsumiki/ui';
import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ToastHostProps } from './toast-host';

// ui's ToastProvider brings a Radix toast region (about 13 KB gzip, see pnpm size) that no screen
// needs on its first paint: it is loaded with the first toast, which waits for it in a queue. A
// toast is a confirmation, not the only word on anything: if the region cannot load, it is skipped.
const ToastHost = lazy<ComponentType<ToastHostProps>>(() =>
  import('./toast-host').catch(() => ({ default: NoToastHost })),
);

function NoToastHost(_props: ToastHostProps) {
  return null;
}

const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

/** `useToast()` for the whole app, with ui's toasts loaded on first use. */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const host = useRef<ToastApi | null>(null);
  const queued = useRef(new Map<string, ToastOptions>());
  /** Our ids to the host's, for dismiss(). */
  const hostIds = useRef(new Map<string, string>());
  const [hostWanted, setHostWanted] = useState(false);

  const toast = useCallback((options: ToastOptions) => {
    counter += 1;
    const id = `app-toast-${counter}`;
    if (host.current) hostIds.current.set(id, host.current.toast(options));
    else {
      queued.current.set(id, options);
      setHostWanted(true);
    }
    return id;
  }, []);

  const dismiss = useCallback((id: string) => {
    queued.current.delete(id);
    const hostId = hostIds.current.get(id);
    if (hostId && host.current) host.current.dismiss(hostId);
    hostIds.current.delete(id);
  }, []);

  const onHostReady = useCallback((api: ToastApi) => {
    host.current = api;
    for (const [id, options] of queued.current) hostIds.current.set(id, api.toast(options));
    queued.current.clear();
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext value={value}>
      {children}
      {hostWanted ? (
        <Suspense fallback={null}>
          <ToastHost onReady={onHostReady} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}

/** Shows a short confirmation (保存しました); use this one, not ui's, inside the app. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast は ToastsProvider の内側で使ってください');
  return api;
}
