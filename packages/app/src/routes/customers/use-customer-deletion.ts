import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteCustomerMutationOptions,
  interactionKeys,
  restoreCustomerMutationOptions,
} from '@tsumiki/api-client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDetachedMutation } from '../../app/detached-mutation';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { type Customer, customerName } from '../../features/customers/customer-fields';

/**
 * Deleting the customer (leave for the list, then offer undo in a toast) and restoring it from
 * the trash; `leaving` is set once the deletion has gone through and the page is on its way out.
 */
export function useCustomerDeletion(customer: Customer, listHref: string) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [leaving, setLeaving] = useState(false);
  const deleteOptions = deleteCustomerMutationOptions(api, tenantId);
  const remove = useMutation({
    ...deleteOptions,
    onSuccess: async (...args) => {
      // Leave first, so the deleted customer is not shown again while the lists refresh, and
      // forget its timeline: nothing should ask for a deleted customer's interactions (404) —
      // this page stays on screen until the list's route has loaded.
      setLeaving(true);
      navigate(listHref);
      await queryClient.cancelQueries({ queryKey: interactionKeys.pagesOfCustomer(tenantId, customer.id) });
      queryClient.removeQueries({ queryKey: interactionKeys.pagesOfCustomer(tenantId, customer.id) });
      showUndoToast();
      await deleteOptions.onSuccess?.(...args);
    },
  });
  const restore = useMutation(restoreCustomerMutationOptions(api, tenantId));
  const name = customerName(customer);

  /** Restore from the undo toast: the screen may be gone by then. */
  const restoreDetached = useDetachedMutation(restoreCustomerMutationOptions(api, tenantId));
  const undoDelete = () =>
    void restoreDetached(customer.id).then((restored) => {
      if (!restored) return;
      toast({
        title: `${name} さんを元に戻しました`,
        variant: 'success',
        action: { label: '開く', onClick: () => navigate(`/customers/${customer.id}`) },
      });
    });

  const showUndoToast = () =>
    toast({
      title: `${name} さんを削除しました`,
      description: '30 日間はゴミ箱から元に戻せます。対応履歴も残っています。',
      duration: 10_000,
      action: { label: '元に戻す', onClick: undoDelete, altText: '顧客の詳細画面からも元に戻せます' },
    });

  const restoreHere = () =>
    restore.mutate(customer.id, {
      onSuccess: () => toast({ title: `${name} さんを元に戻しました`, variant: 'success' }),
    });

  return { remove, restore, restoreHere, leaving };
}
