import type { components } from '@tsumiki/api-client';
import { Alert, Button, DialogFooter, FileDropzone } from '@tsumiki/ui';
import { useState } from 'react';
import { type CsvImportRow, expectedHeaderList } from './customer-csv';
import {
  type ImportDuplicateChoice,
  ImportDuplicateChoiceFieldset,
  type ImportDuplicateItem,
  ImportDuplicateList,
} from './customer-import-duplicate-list';
import { ImportPreviewTable } from './customer-import-preview';

type ImportResult = components['schemas']['CustomerImportResult'];

/** Where a CSV import stands: a file to choose, unknown headers to accept, rows checked, rows registered. */
export type ImportStep =
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
  | { kind: 'done'; fileName: string; rows: CsvImportRow[]; result: ImportResult; skipped: number };

type StepOf<K extends ImportStep['kind']> = Extract<ImportStep, { kind: K }>;

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The headers to use, the file to drop, and why the last file could not be read. */
export function ChooseFileStep({
  step,
  checking,
  onFile,
}: {
  step: StepOf<'choose'>;
  checking: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <div className="grid gap-3">
      <details className="rounded-md border border-border px-3 py-2 text-sm">
        <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
          使える見出し
        </summary>
        <p className="mt-2 leading-[1.7] text-muted-foreground">
          {expectedHeaderList()}
          （姓・名・セイ・メイは必須。英語の項目名も使えます。タグは「、」か「;」で区切ります。顧客一覧の CSV
          出力をそのまま取り込めます）
        </p>
      </details>
      <FileDropzone
        label="CSV ファイルを選択"
        accept={['.csv', 'text/csv']}
        acceptLabel="CSV"
        maxSize={MAX_FILE_BYTES}
        multiple={false}
        disabled={checking}
        onFilesAccepted={([file]) => file && onFile(file)}
      />
      {checking && (
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
  );
}

/** Columns the import does not know: choose another file, or go on without them. */
export function UnknownHeadersStep({
  step,
  busy,
  onChooseAnother,
  onContinue,
}: {
  step: StepOf<'unknownHeaders'>;
  busy: boolean;
  onChooseAnother: () => void;
  onContinue: () => void;
}) {
  return (
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
        <Button variant="outline" onClick={onChooseAnother} disabled={busy}>
          別のファイルを選ぶ
        </Button>
        <Button loading={busy} onClick={onContinue}>
          この列を除いて確認する
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The rows of the server's check (a dry run) that may be a customer or an earlier row, as the file numbers them. */
export function previewDuplicates(rows: CsvImportRow[], result: ImportResult): ImportDuplicateItem[] {
  return result.rows.flatMap((line) => {
    const row = rows[line.row - 1];
    if (!line.duplicate || !row) return [];
    const earlier = line.duplicate.same_as_row;
    return [
      {
        rowNumber: row.rowNumber,
        name: `${row.values.last_name ?? ''} ${row.values.first_name ?? ''}`.trim(),
        reasons: line.duplicate.reasons,
        existing: line.duplicate.existing,
        sameAsRow: earlier === null ? null : (rows[earlier - 1]?.rowNumber ?? earlier),
      },
    ];
  });
}

/** The server's check of every row (a dry run, duplicates included), before anything is registered. */
export function PreviewStep({
  step,
  busy,
  onChooseAnother,
  onRegister,
}: {
  step: StepOf<'preview'>;
  busy: boolean;
  onChooseAnother: () => void;
  onRegister: (duplicates: ImportDuplicateChoice) => void;
}) {
  const [choice, setChoice] = useState<ImportDuplicateChoice>('skip');
  const duplicates = previewDuplicates(step.rows, step.result);
  const registered = step.result.valid - (choice === 'skip' ? duplicates.length : 0);
  return (
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
      {duplicates.length > 0 && (
        <div className="grid gap-3 text-sm" data-testid="import-duplicates">
          <Alert
            variant="warning"
            title={`重複の可能性がある行 ${duplicates.length} 件`}
            description="登録済みの顧客か、このファイルの前の行と同じ人かもしれません。登録する前に扱いを選んでください。"
          />
          <ImportDuplicateList items={duplicates} />
          <ImportDuplicateChoiceFieldset
            name="import-preview-duplicates"
            value={choice}
            skipHint="重複の候補の行を除いて登録します。"
            onChange={setChoice}
          />
        </div>
      )}
      <ImportPreviewTable rows={step.rows} results={step.result.rows} />
      <DialogFooter>
        <Button variant="outline" onClick={onChooseAnother} disabled={busy}>
          別のファイルを選ぶ
        </Button>
        <Button disabled={registered === 0} loading={busy} onClick={() => onRegister(choice)}>
          {registered} 件を登録
        </Button>
      </DialogFooter>
    </div>
  );
}

/** What was registered, and the rows that changed after the check and were not. */
export function DoneStep({ step, onClose }: { step: StepOf<'done'>; onClose: () => void }) {
  return (
    <div className="grid gap-3">
      <Alert variant="success" title={`${step.result.created} 件の顧客を登録しました`}>
        {step.skipped > 0 && <p>重複の候補の {step.skipped} 件は登録していません。</p>}
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
        <Button onClick={onClose}>閉じる</Button>
      </DialogFooter>
    </div>
  );
}
