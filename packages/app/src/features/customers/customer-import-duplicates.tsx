import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CustomerImportJob,
  chooseCustomerImportDuplicatesMutationOptions,
  customerImportDuplicatesQueryOptions,
} from '@tsumiki/api-client/react';
import { Alert, Button } from '@tsumiki/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { customerPath } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import { customerName } from './customer-fields';
import { duplicateReasonsText } from './duplicates/duplicate-text';

const count = (value: number) => value.toLocaleString('ja-JP');

type Choice = 'skip' | 'import';

const CHOICES: ReadonlyArray<{ value: Choice; label: string; hint: string }> = [
  {
    value: 'skip',
    label: '重複候補の行は取り込まない',
    hint: '取り込まなかった行は、理由とともにエラーの一覧に載ります。',
  },
  { value: 'import', label: 'すべて取り込む', hint: '重複の候補の行も新しい顧客として登録します。' },
];

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
  const [choice, setChoice] = useState<Choice>('skip');
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
        <ul aria-label="重複の可能性がある行" className="grid max-h-72 gap-2 overflow-y-auto pr-1">
          {rows.map((row) => (
            <li key={row.row_number} className="grid gap-0.5 rounded-md border border-border p-2">
              <span className="font-medium break-words">
                {row.row_number} 行目: {customerName(row)}
              </span>
              <span className="text-muted-foreground">理由: {duplicateReasonsText(row.reasons)}</span>
              {row.existing ? (
                <Link
                  to={customerPath(row.existing.id)}
                  target="_blank"
                  rel="noopener"
                  className="text-primary underline-offset-4 hover:underline break-words"
                >
                  登録済みの顧客: {customerName(row.existing)}（診察券番号 {row.existing.patient_number}）
                </Link>
              ) : (
                <span>このファイルの {row.same_as_row} 行目と同じ人かもしれません</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {rows.length < total && (
        <p className="text-muted-foreground">
          最初の {count(rows.length)} 件を表示しています（全 {count(total)} 件）。
        </p>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">重複の候補の扱い</legend>
        {CHOICES.map((option) => (
          <label key={option.value} className="flex items-start gap-2">
            <input
              type="radio"
              name={`import-duplicates-${job.id}`}
              className="mt-1"
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span className="grid">
              <span>{option.label}</span>
              <span className="text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
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
