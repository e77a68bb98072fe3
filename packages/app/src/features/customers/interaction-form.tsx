import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import { createInteractionMutationOptions, interactionKeys } from '@tsumiki/api-client/react';
import { Alert, Button } from '@tsumiki/ui';
import { MessageSquarePlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { InteractionFields, interactionBody, useInteractionFields } from './interaction-fields';

type InteractionList = components['schemas']['InteractionList'];

/** 対応履歴を記録: the form above the timeline. What was typed stays when sending fails. */
export function InteractionForm({ customerId }: { customerId: string }) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const options = createInteractionMutationOptions(api, tenantId);
  const create = useMutation({
    ...options,
    meta: { errorDisplay: 'inline' },
    onSuccess: async (interaction, variables, onMutateResult, context) => {
      // The new entry goes to the top at once; the refetch that follows confirms it.
      queryClient.setQueryData<InfiniteData<InteractionList, number>>(
        interactionKeys.pagesOfCustomer(tenantId, customerId),
        (data) => {
          if (!data) return data;
          const [first, ...rest] = data.pages;
          if (!first) return data;
          return {
            ...data,
            pages: [{ total: first.total + 1, interactions: [interaction, ...first.interactions] }, ...rest],
          };
        },
      );
      await options.onSuccess?.(interaction, variables, onMutateResult, context);
    },
  });
  const fields = useInteractionFields();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!fields.check()) return;
    try {
      await create.mutateAsync({ customer_id: customerId, ...interactionBody(fields.values) });
      fields.reset({ ...fields.values, summary: '', content: '', products: [] });
      toast({ title: '対応履歴を記録しました', variant: 'success' });
    } catch (error) {
      setFailure(fields.failureOf(error, '記録できませんでした。'));
    }
  };

  return (
    <ImeSafeForm
      aria-label="対応履歴を記録"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
    >
      <InteractionFields fields={fields} />
      {failure && (
        <Alert variant="error" title="記録できませんでした" className="whitespace-pre-line">
          {failure}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          <MessageSquarePlus aria-hidden="true" />
          記録する
        </Button>
      </div>
    </ImeSafeForm>
  );
}
