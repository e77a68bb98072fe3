import { QueryClientProvider } from '@tanstack/react-query';
import { MessagesProvider } from '@tsumiki/ui';
import { RouterProvider } from 'react-router-dom';
import { ErrorHandling } from '../errors/error-handling';
import { SessionProvider } from '../session/session';
import { Updates } from '../updates/updates';
import { queryClient } from './query-client';
import { appRouter } from './router';
import { ToastsProvider } from './toasts';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider>
        <ToastsProvider>
          <SessionProvider>
            <ErrorHandling>
              <RouterProvider router={appRouter()} />
            </ErrorHandling>
          </SessionProvider>
        </ToastsProvider>
        <Updates />
      </MessagesProvider>
    </QueryClientProvider>
  );
}
