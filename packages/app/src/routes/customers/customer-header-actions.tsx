import { useMutation } from '@tanstack/react-query';
import { exportCustomersMutationOptions } from '@tsumiki/api-client/react';
import { Button } from '@tsumiki/ui';
import { GitMerge, Plus, Trash2, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import { type CustomerListState, customerListQuery } from '../../features/customers/customer-list-state';
import { type CsvEncoding, CsvExportMenu, useSaveExportedCsv } from '../../features/lists/csv-export-menu';

/** 新規登録, CSV 出力 (the list's conditions, in either encoding), CSV 取り込み, 重複の候補 and ゴミ箱. */
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
  const saveCsv = useSaveExportedCsv();
  const exportCsv = useMutation(exportCustomersMutationOptions(api, tenantId));
  const startExport = (encoding: CsvEncoding) => {
    const { search: q, company_filter, sort_by, sort_order } = customerListQuery(state);
    exportCsv.mutate({ encoding, search: q, company_filter, sort_by, sort_order }, { onSuccess: saveCsv });
  };
  return (
    <>
      <Button disabledReason={writeDenied} onClick={onCreate}>
        <Plus aria-hidden="true" />
        新規登録
      </Button>
      <CsvExportMenu busy={exportCsv.isPending} onExport={startExport} />
      <Button variant="outline" disabledReason={writeDenied} onClick={onImport}>
        <Upload aria-hidden="true" />
        CSV 取り込み
      </Button>
      {writeDenied === undefined ? (
        <Button variant="ghost" asChild>
          <Link to={appRoutes.customerDuplicates.path}>
            <GitMerge aria-hidden="true" />
            重複の候補
          </Link>
        </Button>
      ) : null}
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
