import { QueryClientProvider } from '@tanstack/react-query';
import { fieldLabels } from '@tsumiki/api-client';
import { MessagesProvider } from '@tsumiki/ui';
import { RouterProvider } from 'react-router-dom';
import { ErrorHandling } from '../errors/error-handling';
import { SessionProvider } from '../session/session';
import { queryClient } from './query-client';
import { router } from './router';
import { ToastsProvider } from './toasts';

/** Validation messages name fields by the contract's labels (its `title`s), never by their keys. */
const PRODUCT_MESSAGES = { errors: { fieldLabels: { ...fieldLabels } } };

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider messages={PRODUCT_MESSAGES}>
        <ToastsProvider>
          <SessionProvider>
            <ErrorHandling>
              <RouterProvider router={router} />
            </ErrorHandling>
          </SessionProvider>
        </ToastsProvider>
      </MessagesProvider>
    </QueryClientProvider>
  );
}
