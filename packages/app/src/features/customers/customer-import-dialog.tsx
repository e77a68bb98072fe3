import { useMutation } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import { importCustomersMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FileDropzone,
} from '@tsumiki/ui';
import { useEffect, useRef, useState } from 'react';
import { fieldLabel } from './customer-contract';
import { type CsvImportRow, expectedHeaderList, readCustomerCsv } from './customer-csv';
import { useTenantApi } from './use-tenant-api';

type ImportResult = components['schemas']['CustomerImportResult'];
type ImportRowResult = components['schemas']['CustomerImportRowResult'];

type Step =
  | { kind: 'choose'; problems: string[]; fileName: string | null }
  | { kind: 'unknownHeaders'; fileName: string; rows: CsvImportRow[]; unknown: string[]; ignored: string[] }
  | {
      kind: 'preview';
      fileName: string;
      rows: CsvImportRow[];
      result: ImportResult;
      ignored: string[];
      unknown: string[];
    }
  | { kind: 'done'; fileName: string; rows: CsvImportRow[]; result: ImportResult };

const CHOOSE: Step = { kind: 'choose', problems: [], fileName: null };
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * CSV 取り込み: ファイルをブラウザで読み、見出しを確かめ、サーバーで検証（dry run）した結果を
 * 行ごとに見せてから、正しい行だけを登録する。
 */
export function CustomerImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const [step, setStep] = useState<Step>(CHOOSE);
  const [failure, setFailure] = useState<string | null>(null);
  const importRows = useMutation({
    ...importCustomersMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!open) {
      setStep(CHOOSE);
      setFailure(null);
    }
  }, [open]);
  useEffect(() => {
    if (step.kind !== 'choose') headingRef.current?.focus();
  }, [step.kind]);

  const check = async (fileName: string, rows: CsvImportRow[], ignored: string[], unknown: string[]) => {
    setFailure(null);
    try {
      const result = await importRows.mutateAsync({ rows: rows.map((row) => row.values), dry_run: true });
      setStep({ kind: 'preview', fileName, rows, result, ignored, unknown });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '確認できませんでした。');
    }
  };

  const readFile = async (file: File) => {
    setFailure(null);
    const read = readCustomerCsv(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) {
      setStep({ kind: 'choose', problems: read.problems, fileName: file.name });
      return;
    }
    if (read.unknownHeaders.length > 0) {
      setStep({
        kind: 'unknownHeaders',
        fileName: file.name,
        rows: read.rows,
        unknown: read.unknownHeaders,
        ignored: read.ignoredHeaders,
      });
      return;
    }
    await check(file.name, read.rows, read.ignoredHeaders, []);
  };

  const register = async (fileName: string, rows: CsvImportRow[], result: ImportResult) => {
    setFailure(null);
    const valid = rows.filter((_, index) => result.rows.find((r) => r.row === index + 1)?.status === 'valid');
    try {
      const created = await importRows.mutateAsync({ rows: valid.map((row) => row.values), dry_run: false });
      setStep({ kind: 'done', fileName, rows: valid, result: created });
    } catch (error) {
      setFailure(
        error instanceof Error ? `${error.message} まだ登録されていません。` : '登録できませんでした。',
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !importRows.isPending && onOpenChange(next)}>
      <DialogContent size="lg" spacing={null} className="gap-4 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle ref={headingRef} tabIndex={-1} className="outline-none">
            CSV から顧客を取り込む
          </DialogTitle>
          <DialogDescription>
            1 行目に見出し、2 行目から 1 行に 1 人を書いた CSV（UTF-8、または Excel で保存した
            Shift_JIS）を選んでください。登録の前に内容を確認できます。
          </DialogDescription>
        </DialogHeader>

        {step.kind === 'choose' && (
          <div className="grid gap-3">
            <details className="rounded-md border border-border px-3 py-2 text-sm">
              <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
                使える見出し
              </summary>
              <p className="mt-2 leading-[1.7] text-muted-foreground">
                {expectedHeaderList()}
                （姓・名・セイ・メイは必須。英語の項目名も使えます。タグは「、」か「;」で区切ります。顧客一覧の
                CSV 出力をそのまま取り込めます）
              </p>
            </details>
            <FileDropzone
              label="CSV ファイルを選択"
              accept={['.csv', 'text/csv']}
              acceptLabel="CSV"
              maxSize={MAX_FILE_BYTES}
              multiple={false}
              disabled={importRows.isPending}
              onFilesAccepted={([file]) => file && void readFile(file)}
            />
            {importRows.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                内容を確認しています…
              </p>
            )}
            {step.problems.length > 0 && (
              <Alert variant="error" title={`「${step.fileName}」は取り込めません。何も登録していません。`}>
                <ul className="mt-1 grid list-disc gap-1 pl-5">
                  {step.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
          </div>
        )}

        {step.kind === 'unknownHeaders' && (
          <div className="grid gap-3">
            <Alert variant="warning" title="知らない見出しの列があります">
              <p>
                次の列は取り込みません: <strong>{step.unknown.join('、')}</strong>
              </p>
              <p className="mt-1">
                取り込める見出しは {expectedHeaderList()}{' '}
                です（英語の項目名も使えます）。見出しを直すか、このまま続けてください。
              </p>
            </Alert>
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep(CHOOSE)} disabled={importRows.isPending}>
                別のファイルを選ぶ
              </Button>
              <Button
                loading={importRows.isPending}
                onClick={() => void check(step.fileName, step.rows, step.ignored, step.unknown)}
              >
                この列を除いて確認する
              </Button>
            </DialogFooter>
          </div>
        )}

        {step.kind === 'preview' && (
          <div className="grid gap-3">
            <p className="text-sm" aria-live="polite">
              「{step.fileName}」の {step.result.total} 行を確認しました: 登録できます{' '}
              <strong>{step.result.valid} 行</strong>・エラー <strong>{step.result.invalid} 行</strong>
              {step.result.invalid > 0 ? '（エラーの行は登録しません）' : ''}
            </p>
            {step.ignored.length + step.unknown.length > 0 && (
              <p className="text-xs text-muted-foreground">
                取り込まない列: {[...step.ignored, ...step.unknown].join('、')}
              </p>
            )}
            <ImportPreviewTable rows={step.rows} results={step.result.rows} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep(CHOOSE)} disabled={importRows.isPending}>
                別のファイルを選ぶ
              </Button>
              <Button
                disabled={step.result.valid === 0}
                loading={importRows.isPending}
                onClick={() => void register(step.fileName, step.rows, step.result)}
              >
                {step.result.valid} 件を登録
              </Button>
            </DialogFooter>
          </div>
        )}

        {step.kind === 'done' && (
          <div className="grid gap-3">
            <Alert variant="success" title={`${step.result.created} 件の顧客を登録しました`}>
              {step.result.invalid > 0 ? (
                <p>
                  確認のあとに変わった内容があり、{step.result.invalid}{' '}
                  件は登録できませんでした。下の一覧を確認してください。
                </p>
              ) : (
                <p>顧客一覧に反映されています。</p>
              )}
            </Alert>
            {step.result.invalid > 0 && <ImportPreviewTable rows={step.rows} results={step.result.rows} />}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>閉じる</Button>
            </DialogFooter>
          </div>
        )}

        {failure && (
          <Alert variant="error" title="サーバーで確認できませんでした">
            <p>{failure}</p>
            <p className="mt-1">ファイルを選び直すと、もう一度確認します。</p>
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}

const STATUS: Record<ImportRowResult['status'], { label: string; variant: 'success' | 'error' | 'info' }> = {
  valid: { label: '登録できます', variant: 'success' },
  invalid: { label: 'エラー', variant: 'error' },
  created: { label: '登録しました', variant: 'info' },
};

function ImportPreviewTable({ rows, results }: { rows: CsvImportRow[]; results: ImportRowResult[] }) {
  return (
    // The rows scroll inside the dialog: the region takes focus so that the keyboard can scroll it.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label="確認結果の一覧"
      className="max-h-[50vh] overflow-auto rounded-lg border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="import-preview"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">取り込む行の確認結果</caption>
        <thead>
          <tr>
            {['行', '氏名', '状態', '内容'].map((header) => (
              <th
                key={header}
                scope="col"
                className="sticky top-0 border-b bg-muted px-3 py-2 text-left font-medium whitespace-nowrap text-muted-foreground"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => {
            const row = rows[result.row - 1];
            const name = row ? `${row.values.last_name ?? ''} ${row.values.first_name ?? ''}`.trim() : '';
            const status = STATUS[result.status];
            return (
              <tr key={result.row} className="border-b last:border-b-0 align-top">
                <td className="px-3 py-2 tabular-nums whitespace-nowrap">{row?.rowNumber ?? result.row}</td>
                <td className="px-3 py-2">
                  {name || <span className="text-muted-foreground">（氏名なし）</span>}
                </td>
                <td className="px-3 py-2">
                  <Chip variant={status.variant} size="sm">
                    {status.label}
                  </Chip>
                </td>
                <td className="px-3 py-2">
                  {result.errors.length > 0 ? (
                    <ul className="grid gap-0.5 text-error-subtle-foreground">
                      {result.errors.map((error) => (
                        <li key={`${error.field}:${error.message}`}>
                          {importFieldLabel(error.field)}: {error.message}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** `rows.3.last_name` or `last_name` or `tags.0` → セイ / タグ (never a key). */
function importFieldLabel(field: string): string {
  const parts = field.split('.').filter((part) => !/^\d+$/u.test(part) && part !== 'rows');
  const key = parts[0] ?? '';
  return key ? fieldLabel(key) : '行';
}
