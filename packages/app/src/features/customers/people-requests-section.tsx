import { useMutation } from '@tanstack/react-query';
import {
  downloadCustomerDisclosureMutationOptions,
  liftCustomerUseStopMutationOptions,
} from '@tsumiki/api-client/react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@tsumiki/ui';
import { Ban, Download, Eraser, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { saveFile } from '../../lib/save-file';
import { type Customer, customerName } from './customer-fields';
import { ErasureDialog } from './erasure-dialog';
import { UseStopDialog } from './use-stop-dialog';

/**
 * 本人からの請求 on the customer page, for those with privacy.manage: the disclosure ZIP, stopping
 * (or lifting) the use of the customer, and erasure.
 */
export function PeopleRequestsSection({ customer, listHref }: { customer: Customer; listHref: string }) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<'stop' | 'erase' | null>(null);
  const disclosure = useMutation(downloadCustomerDisclosureMutationOptions(api, tenantId));
  const lift = useMutation(liftCustomerUseStopMutationOptions(api, tenantId));
  const name = customerName(customer);
  const stopped = customer.use_stop !== null;

  const download = () =>
    disclosure.mutate(customer.id, {
      onSuccess: (file) => {
        saveFile(file);
        toast({ title: '開示データをダウンロードしました', description: file.filename, variant: 'success' });
      },
    });
  const liftStop = () =>
    lift.mutate(customer.id, {
      onSuccess: () => toast({ title: `${name} さんの利用停止を解除しました`, variant: 'success' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>本人からの請求</h2>
        </CardTitle>
        <CardDescription>
          個人情報保護法に基づく、本人からの開示・利用停止・消去の請求に応じます。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" loading={disclosure.isPending} onClick={download}>
          <Download aria-hidden="true" />
          開示データをダウンロード
        </Button>
        {stopped ? (
          <Button variant="outline" loading={lift.isPending} onClick={liftStop}>
            <PlayCircle aria-hidden="true" />
            利用停止を解除
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setDialog('stop')}>
            <Ban aria-hidden="true" />
            利用停止
          </Button>
        )}
        <Button
          variant={null}
          onClick={() => setDialog('erase')}
          className="border border-input bg-surface text-error-subtle-foreground shadow-sm hover:bg-muted"
        >
          <Eraser aria-hidden="true" />
          消去
        </Button>
      </CardContent>
      <UseStopDialog
        customer={customer}
        open={dialog === 'stop'}
        onOpenChange={(open) => setDialog(open ? 'stop' : null)}
      />
      <ErasureDialog
        customer={customer}
        listHref={listHref}
        open={dialog === 'erase'}
        onOpenChange={(open) => setDialog(open ? 'erase' : null)}
      />
    </Card>
  );
}
