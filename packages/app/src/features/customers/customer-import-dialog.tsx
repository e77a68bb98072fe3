import { useMutation } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import {
  type CustomerImportJob,
  importCustomersMutationOptions,
  startCustomerImportMutationOptions,
} from '@tsumiki/api-client/react';
import { Alert, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@tsumiki/ui';
import { useEffect, useRef, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { type CsvImportRow, readCustomerCsv } from './customer-csv';
import type { ImportDuplicateChoice } from './customer-import-duplicate-list';
import { CustomerImportProgress } from './customer-import-progress';
import {
  ChooseFileStep,
  DoneStep,
  type ImportStep,
  PreviewStep,
  UnknownHeadersStep,
} from './customer-import-steps';

type ImportResult = components['schemas']['CustomerImportResult'];

const CHOOSE: ImportStep = { kind: 'choose', problems: [], fileName: null };

/** A file this large is not read in the browser: the server imports it in the background. */
const BACKGROUND_BYTES = 1024 * 1024;

/**
 * CSV 取り込み: ファイルをブラウザで読み、見出しを確かめ、サーバーで検証（dry run）した結果を
 * 行ごとに見せてから、正しい行だけを登録する。2,000 行を超えるファイル（1 MB を超えるものは
 * 読まずに）はサーバーへ送り、バックグラウンドの取り込みの進み具合を見せる。
 */
export function CustomerImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const [step, setStep] = useState<ImportStep>(CHOOSE);
  const [failure, setFailure] = useState<string | null>(null);
  const importRows = useMutation({
    ...importCustomersMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const startImport = useMutation({
    ...startCustomerImportMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [background, setBackground] = useState<CustomerImportJob | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!open) {
      setStep(CHOOSE);
      setFailure(null);
      setBackground(null);
    }
  }, [open]);
  useEffect(() => {
    if (step.kind !== 'choose') headingRef.current?.focus();
  }, [step.kind]);

  const check = async (fileName: string, rows: CsvImportRow[], ignored: string[], unknown: string[]) => {
    setFailure(null);
    try {
      const result = await importRows.mutateAsync({
        rows: rows.map((row) => row.values),
        dry_run: true,
        check_duplicates: true,
      });
      setStep({ kind: 'preview', fileName, rows, result, ignored, unknown });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '確認できませんでした。');
    }
  };

  const upload = async (file: File) => {
    try {
      setBackground(await startImport.mutateAsync({ file, check_duplicates: 'true' }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '送れませんでした。');
    }
  };

  const readFile = async (file: File) => {
    setFailure(null);
    if (file.size > BACKGROUND_BYTES) return upload(file);
    const read = readCustomerCsv(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok && read.large) return upload(file);
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

  const register = async (
    fileName: string,
    rows: CsvImportRow[],
    result: ImportResult,
    duplicates: ImportDuplicateChoice,
  ) => {
    setFailure(null);
    const chosen = (index: number) => {
      const line = result.rows.find((r) => r.row === index + 1);
      return line?.status === 'valid' && !(duplicates === 'skip' && line.duplicate);
    };
    const valid = rows.filter((_, index) => chosen(index));
    const skipped = duplicates === 'skip' ? result.rows.filter((line) => line.duplicate).length : 0;
    try {
      const created = await importRows.mutateAsync({ rows: valid.map((row) => row.values), dry_run: false });
      setStep({ kind: 'done', fileName, rows: valid, result: created, skipped });
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
            Shift_JIS）を選んでください。2,000
            行までは登録の前に内容と重複の候補を確認できます。それより多いファイルはサーバーで、登録済みの顧客と重複しそうな行を確かめてから順に取り込み、進み具合をここと顧客一覧に表示します（閉じても続きます）。
          </DialogDescription>
        </DialogHeader>

        {background && <CustomerImportProgress importId={background.id} initial={background} />}
        {!background && step.kind === 'choose' && (
          <ChooseFileStep
            step={step}
            checking={importRows.isPending || startImport.isPending}
            onFile={(file) => void readFile(file)}
          />
        )}
        {step.kind === 'unknownHeaders' && (
          <UnknownHeadersStep
            step={step}
            busy={importRows.isPending}
            onChooseAnother={() => setStep(CHOOSE)}
            onContinue={() => void check(step.fileName, step.rows, step.ignored, step.unknown)}
          />
        )}
        {step.kind === 'preview' && (
          <PreviewStep
            step={step}
            busy={importRows.isPending}
            onChooseAnother={() => setStep(CHOOSE)}
            onRegister={(duplicates) => void register(step.fileName, step.rows, step.result, duplicates)}
          />
        )}
        {step.kind === 'done' && <DoneStep step={step} onClose={() => onOpenChange(false)} />}

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
