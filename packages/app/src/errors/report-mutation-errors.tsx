import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useErrorDisplay } from './error-display';

/**
 * A failed mutation (something the user did) is shown by the error display, with a retry that
 * runs the same mutation again. Queries show their failures where their data would be.
 */
export function ReportMutationErrors() {
  const queryClient = useQueryClient();
  const { report } = useErrorDisplay();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { mutation } = event;
        if (mutation.meta?.errorDisplay === 'inline') return;
        const variables = mutation.state.variables;
        report(event.action.error, {
          key: JSON.stringify(mutation.options.mutationKey ?? mutation.mutationId),
          run: () => queryClient.getMutationCache().build(queryClient, mutation.options).execute(variables),
        });
      }),
    [queryClient, report],
  );
  return null;
}
