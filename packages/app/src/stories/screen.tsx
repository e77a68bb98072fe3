import { QueryClientProvider } from '@tanstack/react-query';
import { MessagesProvider } from '@tsumiki/ui';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '../app/query-client';
import { routes } from '../app/router';
import { ToastsProvider } from '../app/toasts';
import { withChunkLoadHandling } from '../errors/chunk-load';
import { ErrorHandling } from '../errors/error-handling';
import { SessionProvider } from '../session/session';

/**
 * One screen of the app as it runs: the app's own route table (route guard, sidebar, top bar,
 * lazy screens and their loaders) in a memory router opened at `path`, inside the providers of
 * app/app.tsx. Every request goes through the real api-client to Mock Service Worker.
 */
export function Screen({ path }: { path: string }) {
  const [router] = useState(() =>
    createMemoryRouter(withChunkLoadHandling(routes), { initialEntries: [path] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider>
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

/** Before each screen story: nothing cached from the story before, and no waiting on retries. */
export function resetQueryClient(): void {
  queryClient.clear();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
}
