import { type ToastApi, ToastProvider, useToast } from '@tsumiki/ui';
import { useEffect } from 'react';

function Register({ onReady }: { onReady: (api: ToastApi) => void }) {
  const api = useToast();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

export interface ToastHostProps {
  onReady: (api: ToastApi) => void;
}

/**
 * ui's toast region, loaded by ToastsProvider with the first toast. Two at most: recording one
 * interaction after another must not bury the timeline under confirmations.
 */
export default function ToastHost({ onReady }: ToastHostProps) {
  return (
    <ToastProvider limit={2}>
      <Register onReady={onReady} />
    </ToastProvider>
  );
}
