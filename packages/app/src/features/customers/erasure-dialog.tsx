import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys, eraseCustomerMutationOptions, interactionKeys } from '@tsumiki/api-client/react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { fieldLabel } from '../forms/field-rules';
import { FormFailure } from '../forms/form-failure';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { type Customer, customerName } from './customer-fields';
import { REQUEST_REASON_MAX, requestFailure, sameName } from './people-requests-text';

/** What erasure removes and keeps, in the order the dialog lists it. */
export const ERASURE_EFFECTS = [
  '顧客の記録（氏名・連絡先・住所・メモなど）',
  'すべての対応履歴（直す前の版も）',
  'この顧客についての調査レポート',
  'この顧客の文書（ファイルと、検索のための索引も）',
  '検索用の語と、通知・履歴に残る氏名',
] as const;

/**
 * 消去: what goes, the reason, and the customer's name typed to confirm (the button waits for it).
 * Afterwards the page leaves for the list; only the record of the erasure (date, reason, who) stays.
 */
export function ErasureDialog({
  customer,
  open,
  onOpenChange,
  listHref,
}: {
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listHref: string;
}) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const options = eraseCustomerMutationOptions(api, tenantId);
  const erase = useMutation({
    ...options,
    meta: { errorDisplay: 'inline' },
    onSuccess: async (...args) => {
      // Leave first and forget the customer: nothing should ask for an erased record again.
      navigate(listHref);
      queryClient.removeQueries({ queryKey: customerKeys.detail(tenantId, customer.id) });
      queryClient.removeQueries({ queryKey: interactionKeys.pagesOfCustomer(tenantId, customer.id) });
      await options.onSuccess?.(...args);
    },
  });
  const [typedName, setTypedName] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = customerName(customer);
  const matches = sameName(typedName, name);

  const close = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) {
      setTypedName('');
      setReason('');
      setReasonError(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!matches) return;
    if (reason.trim() === '') {
      setReasonError('理由を入力してください');
      return;
    }
    try {
      await erase.mutateAsync({ id: customer.id, body: { confirm_name: typedName, reason: reason.trim() } });
      onOpenChange(false);
      toast({
        title: `${name} さんの情報を消去しました`,
        description: '消去の記録（日時・理由・実施者）だけが残ります。',
        variant: 'success',
      });
    } catch (cause) {
      setFailure(requestFailure(cause, '消去できませんでした。'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{name} さんの情報を消去しますか？</DialogTitle>
          <DialogDescription>
            本人からの消去請求に応じて、次のものを完全に消去します。元に戻せません。
          </DialogDescription>
        </DialogHeader>
        <ImeSafeForm aria-label="消去" className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {ERASURE_EFFECTS.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
          <p className="text-muted-foreground text-sm">
            残るのは消去の記録（顧客
            ID・日時・理由・実施者）だけです。必要なら先に「開示データをダウンロード」で控えを取ってください。
          </p>
          <Textarea
            label={fieldLabel('reason')}
            required
            rows={2}
            maxLength={REQUEST_REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonError) setReasonError(null);
            }}
          />
          <TextField
            label={`確認のため、氏名「${name}」を入力してください`}
            autoComplete="off"
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
            description={
              matches ? '氏名が一致しました' : '画面に表示されている氏名と同じものを入力すると、消去できます'
            }
          />
          <FormFailure message={failure ? <span className="whitespace-pre-line">{failure}</span> : null} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={erase.isPending} onClick={() => close(false)}>
              キャンセル
            </Button>
            <Button
              type="submit"
              variant="destructive"
              loading={erase.isPending}
              disabledReason={matches ? undefined : '確認のための氏名を入力してください'}
            >
              消去する
            </Button>
          </DialogFooter>
        </ImeSafeForm>
      </DialogContent>
    </Dialog>
  );
}
