import { useMutation } from '@tanstack/react-query';
import { exportCustomersMutationOptions } from '@tsumiki/api-client/react';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@tsumiki/ui';
import { ChevronDown, Download, Plus, Trash2, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { type CustomerListState, customerListQuery } from '../../features/customers/customer-list-state';
import { saveFile } from '../../lib/save-file';

/** 新規登録, CSV 出力 (the list's conditions, in either encoding), CSV 取り込み and ゴミ箱. */
export function CustomerHeaderActions({
  state,
  writeDenied,
  canOpenTrash,
  onCreate,
  onImport,
}: {
  state: CustomerListState;
  /** Why registering and importing are not offered (customers.write), or undefined. */
  writeDenied: string | undefined;
  canOpenTrash: boolean;
  onCreate: () => void;
  onImport: () => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const exportCsv = useMutation(exportCustomersMutationOptions(api, tenantId));
  const startExport = (encoding: 'utf-8' | 'shift_jis') => {
    const { search: q, company_filter, sort_by, sort_order } = customerListQuery(state);
    exportCsv.mutate(
      { encoding, search: q, company_filter, sort_by, sort_order },
      {
        onSuccess: (file) => {
          saveFile(file);
          toast({ title: 'CSV を出力しました', description: file.filename, variant: 'success' });
        },
      },
    );
  };
  return (
    <>
      <Button disabledReason={writeDenied} onClick={onCreate}>
        <Plus aria-hidden="true" />
        新規登録
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" loading={exportCsv.isPending}>
            <Download aria-hidden="true" />
            CSV 出力
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>文字コードを選ぶ</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => startExport('utf-8')}>UTF-8</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => startExport('shift_jis')}>Shift_JIS（Excel）</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button variant="outline" disabledReason={writeDenied} onClick={onImport}>
        <Upload aria-hidden="true" />
        CSV 取り込み
      </Button>
      {canOpenTrash ? (
        <Button variant="ghost" asChild>
          <Link to={appRoutes.customersTrash.path}>
            <Trash2 aria-hidden="true" />
            ゴミ箱
          </Link>
        </Button>
      ) : null}
    </>
  );
}
