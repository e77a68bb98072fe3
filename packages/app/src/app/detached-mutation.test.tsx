import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDetachedMutation } from './detached-mutation';

afterEach(cleanup);

/** A mutation whose answer the test gives, after the screen that started it has gone. */
function deferred<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

let run: (id: string) => Promise<{ data: string } | undefined>;
function Screen({ mutationFn }: { mutationFn: (id: string) => Promise<string> }) {
  run = useDetachedMutation({ mutationKey: ['undo'], mutationFn });
  return null;
}

function startFromAScreenThatGoes(mutationFn: (id: string) => Promise<string>) {
  const queryClient = new QueryClient();
  const failures: Error[] = [];
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') failures.push(event.action.error);
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Screen mutationFn={mutationFn} />
    </QueryClientProvider>,
  );
  const outcome = run('c-1');
  view.unmount();
  return { outcome, failures };
}

describe('useDetachedMutation', () => {
  it('answers after the screen that started it has unmounted', async () => {
    const answer = deferred<string>();
    const { outcome } = startFromAScreenThatGoes(() => answer.promise);
    answer.resolve('元に戻しました');
    await expect(outcome).resolves.toEqual({ data: '元に戻しました' });
  });

  it('resolves with nothing on failure, leaving the failure to the mutation cache (the error display)', async () => {
    const answer = deferred<string>();
    const { outcome, failures } = startFromAScreenThatGoes(() => answer.promise);
    answer.reject(new Error('統合の取り消し期限を過ぎています'));
    await expect(outcome).resolves.toBeUndefined();
    expect(failures.map((error) => error.message)).toEqual(['統合の取り消し期限を過ぎています']);
  });
});
