import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { toastMessages } from '../../i18n/groups/toast';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../button/button';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** In ms; defaults to the provider's (5000). `Infinity` keeps it until closed. */
  duration?: number;
  /** One action button, e.g. 元に戻す. `altText` tells a screen reader user how to do it otherwise. */
  action?: { label: string; onClick: () => void; altText?: string };
};

type ToastEntry = ToastOptions & { id: string; open: boolean };

export type ToastApi = {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border bg-surface p-4 pr-10 text-sm text-surface-foreground shadow-lg',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
    'motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-toast-in',
  ],
  {
    variants: {
      variant: {
        info: 'border-l-4 border-l-info [&>[data-slot=toast-icon]]:text-info',
        success: 'border-l-4 border-l-success [&>[data-slot=toast-icon]]:text-success',
        warning: 'border-l-4 border-l-warning [&>[data-slot=toast-icon]]:text-warning',
        error: 'border-l-4 border-l-error [&>[data-slot=toast-icon]]:text-error',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

export type ToastProviderProps = {
  children: ReactNode;
  /** Default time on screen, in ms. */
  duration?: number;
  /** Where toasts appear. */
  position?: 'bottom-right' | 'top-right' | 'bottom-center';
  /**
   * Toasts on screen at once: a new one closes the oldest beyond it, so that a run of
   * confirmations never piles up over what the user is working on.
   */
  limit?: number;
};

const positions = {
  'bottom-right': 'bottom-0 right-0',
  'top-right': 'top-0 right-0',
  'bottom-center': 'bottom-0 left-1/2 -translate-x-1/2',
} as const;

let counter = 0;

/**
 * Short confirmations (保存しました) that disappear by themselves. Wrap the app once and call
 * `useToast().toast({ title })`. Errors from the API belong in ErrorSnackbar / ErrorModal instead.
 */
export function ToastProvider({
  children,
  duration = 5000,
  position = 'bottom-right',
  limit = 3,
}: ToastProviderProps) {
  const messages = useMessageGroups({ common: commonMessages, toast: toastMessages });
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
    // Keep the closed toast for its exit animation, then drop it.
    clearTimeout(removeTimers.current.get(id));
    removeTimers.current.set(
      id,
      setTimeout(() => {
        setToasts((current) => current.filter((entry) => entry.id !== id));
        removeTimers.current.delete(id);
      }, 300),
    );
  }, []);

  const toast = useCallback(
    (options: ToastOptions) => {
      counter += 1;
      const id = `toast-${counter}`;
      setToasts((current) => {
        const next = [...current, { ...options, id, open: true }];
        const open = next.filter((entry) => entry.open);
        for (const oldest of open.slice(0, Math.max(0, open.length - limit))) {
          queueMicrotask(() => dismiss(oldest.id));
        }
        return next;
      });
      return id;
    },
    [dismiss, limit],
  );

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      <ToastPrimitive.Provider duration={duration} label={messages.toast.label} swipeDirection="right">
        {children}
        {toasts.map(({ id, open, title, description, variant = 'info', duration: own, action }) => {
          const Icon = icons[variant];
          return (
            <ToastPrimitive.Root
              key={id}
              data-slot="toast"
              data-variant={variant}
              open={open}
              duration={own}
              type={variant === 'error' || variant === 'warning' ? 'foreground' : 'background'}
              onOpenChange={(next) => {
                if (!next) dismiss(id);
              }}
              className={toastVariants({ variant })}
            >
              <Icon data-slot="toast-icon" aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div className="grid min-w-0 flex-1 gap-1">
                <ToastPrimitive.Title data-slot="toast-title" className="font-semibold">
                  {title}
                </ToastPrimitive.Title>
                {description && (
                  <ToastPrimitive.Description data-slot="toast-description" className="text-muted-foreground">
                    {description}
                  </ToastPrimitive.Description>
                )}
                {action && (
                  <ToastPrimitive.Action
                    altText={action.altText ?? action.label}
                    onClick={action.onClick}
                    className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-1 w-fit')}
                  >
                    {action.label}
                  </ToastPrimitive.Action>
                )}
              </div>
              <ToastPrimitive.Close
                aria-label={messages.common.close}
                className={cn(
                  buttonVariants({ variant: 'ghost', size: 'icon-sm' }),
                  'absolute top-2 right-2',
                )}
              >
                <X aria-hidden="true" />
              </ToastPrimitive.Close>
            </ToastPrimitive.Root>
          );
        })}
        <ToastPrimitive.Viewport
          data-slot="toast-viewport"
          label={messages.toast.region}
          className={cn(
            'fixed z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
            positions[position],
          )}
        />
      </ToastPrimitive.Provider>
    </ToastContext>
  );
}

/** `toast()` and `dismiss()` of the nearest `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast は ToastProvider の内側で使ってください');
  return api;
}
