import { useMutation } from '@tanstack/react-query';
import { stopCustomerUseMutationOptions } from '@tsumiki/api-client/react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Textarea,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { fieldLabel } from '../forms/field-rules';
import { FormFailure } from '../forms/form-failure';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { type Customer, customerName } from './customer-fields';
import { REQUEST_REASON_MAX, requestFailure } from './people-requests-text';

/** 利用停止: the reason, then the customer leaves every list, search and AI feature until lifted. */
export function UseStopDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const stop = useMutation({
    ...stopCustomerUseMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = customerName(customer);

  const close = (next: boolean) => {
    if (stop.isPending) return;
    if (!next) {
      setReason('');
      setError(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (reason.trim() === '') {
      setError('理由を入力してください');
      return;
    }
    try {
      await stop.mutateAsync({ id: customer.id, body: { reason: reason.trim() } });
      close(false);
      toast({ title: `${name} さんの利用を停止しました`, variant: 'success' });
    } catch (cause) {
      setFailure(requestFailure(cause, '利用停止できませんでした。'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{name} さんの利用を停止しますか？</DialogTitle>
          <DialogDescription>
            本人からの請求により、この顧客を一覧・検索・集計・AI
            機能（アシスタント・調査・マーケティング）から外します。
            記録は消えず、「利用停止を解除」でいつでも元に戻せます。停止中の記録を開けるのは、本人からの請求を管理できる人だけです。
          </DialogDescription>
        </DialogHeader>
        <ImeSafeForm aria-label="利用停止" className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <Textarea
            label={fieldLabel('reason')}
            description="請求を受けた日・方法・内容など、あとで確かめられるように書きます"
            required
            rows={3}
            maxLength={REQUEST_REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
          />
          <FormFailure message={failure} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={stop.isPending} onClick={() => close(false)}>
              キャンセル
            </Button>
            <Button type="submit" loading={stop.isPending}>
              利用を停止する
            </Button>
          </DialogFooter>
        </ImeSafeForm>
      </DialogContent>
    </Dialog>
  );
}
