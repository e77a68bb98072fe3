import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CustomerImportJob,
  chooseCustomerImportDuplicatesMutationOptions,
  customerImportDuplicatesQueryOptions,
} from '@tsumiki/api-client/react';
import { Alert, Button } from '@tsumiki/ui';
import { useId, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { customerName } from './customer-fields';
import {
  type ImportDuplicateChoice,
  ImportDuplicateChoiceFieldset,
  ImportDuplicateList,
} from './customer-import-duplicate-list';

const count = (value: number) => value.toLocaleString('ja-JP');

/**
 * 取り込みの前の確認: サーバーがファイルを読んで見つけた、登録済みの顧客やファイルの前の行と同じ人
 * かもしれない行（行番号・氏名・理由・相手）を見せ、取り込まないか、すべて取り込むかを選んでもらう。
 */
export function CustomerImportDuplicates({ job }: { job: CustomerImportJob }) {
  const { api, tenantId } = useTenantApi();
  const found = useQuery(customerImportDuplicatesQueryOptions(api, tenantId, job.id));
  const choose = useMutation({
    ...chooseCustomerImportDuplicatesMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [choice, setChoice] = useState<ImportDuplicateChoice>('skip');
  // The same import can be on screen twice (the dialog and the list's banner behind it): radios
  // named after the import would be one group across both, and only one of them checked.
  const group = useId();
  const total = found.data?.total ?? job.duplicate_rows ?? 0;
  const rows = found.data?.rows ?? [];
  return (
    <div className="grid gap-3" data-testid="import-duplicates">
      <Alert
        variant="warning"
        title={`重複の可能性がある行 ${count(total)} 件`}
        description="登録済みの顧客か、このファイルの前の行と同じ人かもしれません。取り込む前に扱いを選んでください。"
      />
      {found.isPending ? (
        <p className="text-muted-foreground">重複の候補を読み込んでいます…</p>
      ) : found.isError ? (
        <p role="alert">重複の候補を読み込めませんでした。{found.error.message}</p>
      ) : (
        <ImportDuplicateList
          items={rows.map((row) => ({
            rowNumber: row.row_number,
            name: customerName(row),
            reasons: row.reasons,
            existing: row.existing,
            sameAsRow: row.same_as_row,
          }))}
        />
      )}
      {rows.length < total && (
        <p className="text-muted-foreground">
          最初の {count(rows.length)} 件を表示しています（全 {count(total)} 件）。
        </p>
      )}
      <ImportDuplicateChoiceFieldset
        name={`import-duplicates-${group}`}
        value={choice}
        skipHint="取り込まなかった行は、理由とともにエラーの一覧に載ります。"
        onChange={setChoice}
      />
      <div>
        <Button
          size="sm"
          disabled={choose.isPending}
          onClick={() => choose.mutate({ id: job.id, duplicates: choice })}
        >
          取り込みを始める
        </Button>
      </div>
      {choose.error && (
        <Alert variant="error" title="始められませんでした">
          <p>{choose.error.message}</p>
        </Alert>
      )}
    </div>
  );
}
