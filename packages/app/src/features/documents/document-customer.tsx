import { useMutation } from '@tanstack/react-query';
import type { Document } from '@tsumiki/api-client';
import { updateDocumentMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { errorMessage } from '../../lib/error-message';
import { type ChosenCustomer, CustomerChooser } from '../forms/customer-chooser';

/** The customer a document concerns, as a chooser shows it (null: none). */
export function documentCustomer(
  document: Pick<Document, 'customer_id' | 'customer_name'>,
): ChosenCustomer | null {
  return document.customer_id ? { id: document.customer_id, name: document.customer_name ?? '' } : null;
}

/** Search and choose the customer a document concerns (the upload form and the dialog below). */
export function DocumentCustomerChooser({
  value,
  onChange,
  search = '文書の顧客を検索（任意）',
  testId,
}: {
  value: ChosenCustomer | null;
  onChange: (customer: ChosenCustomer | null) => void;
  search?: string;
  testId: string;
}) {
  return (
    <CustomerChooser
      value={value}
      onChange={onChange}
      limit={8}
      testId={testId}
      showCompany
      forgetWhenEmptied
      labels={{
        search,
        placeholder: '顧客を名前・フリガナで検索',
        chosen: '顧客',
        clear: '解除',
        clearFor: (name) => `顧客「${name}」の選択を解除`,
      }}
    />
  );
}

/** Sets, changes or clears the customer a document concerns. */
export function DocumentCustomerDialog({
  open,
  onOpenChange,
  document,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  document: Document;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const [customer, setCustomer] = useState<ChosenCustomer | null>(documentCustomer(document));
  const update = useMutation({
    ...updateDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const unchanged = (customer?.id ?? null) === document.customer_id;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onOpenChange(false);
    const saved = await update
      .mutateAsync({ id: document.id, body: { customer_id: customer?.id ?? null } })
      .catch(() => null);
    if (!saved) return;
    toast({
      variant: 'success',
      title: saved.customer_name ? `顧客を「${saved.customer_name}」にしました` : '顧客の設定を外しました',
      description: saved.file_name,
    });
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>文書の顧客</DialogTitle>
            <DialogDescription className="break-all">
              「{document.file_name}」がどの顧客についての文書かを設定します。
              {'顧客のページに表示され、本人からの開示・消去の請求の対象になります。'}
            </DialogDescription>
          </DialogHeader>
          <DocumentCustomerChooser
            value={customer}
            onChange={setCustomer}
            search="顧客を検索"
            testId="document-customer-choice"
          />
          {update.isError ? <Alert variant="error">{errorMessage(update.error)}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              キャンセル
            </Button>
            <Button type="submit" loading={update.isPending}>
              {customer === null && document.customer_id ? '顧客を外す' : '保存する'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
