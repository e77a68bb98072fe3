import { createQueryClient } from '@tsumiki/api-client/react';

/** The app's one QueryClient: the providers hand it to React, loaders prefetch into it. */
export const queryClient = createQueryClient();
