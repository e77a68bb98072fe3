import { MutationObserver, type MutationOptions, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that outlives the screen that starts it, for a toast's action (「元に戻す」): the
 * toast stays after its screen has gone, and a `useMutation` of an unmounted screen no longer
 * calls back. Resolves with `{ data }`, or with `undefined` once the failure has been shown by
 * the app's error display (the query client's mutation cache).
 */
export function useDetachedMutation<TData, TVariables>(options: MutationOptions<TData, Error, TVariables>) {
  const queryClient = useQueryClient();
  return (variables: TVariables): Promise<{ data: TData } | undefined> =>
    new MutationObserver(queryClient, options).mutate(variables).then(
      (data) => ({ data }),
      () => undefined,
    );
}
