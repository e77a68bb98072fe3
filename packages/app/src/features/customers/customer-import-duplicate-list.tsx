import type { components } from '@tsumiki/api-client';
import { Link } from 'react-router-dom';
import { customerPath } from '../../app/paths';
import { customerName } from './customer-fields';
import { type DuplicateReason, duplicateReasonsText } from './duplicates/duplicate-text';

/** One row of a file that may be a customer in use or an earlier row, as both imports show it. */
export interface ImportDuplicateItem {
  /** The row's number in the file (the header is row 1). */
  rowNumber: number;
  name: string;
  reasons: readonly DuplicateReason[];
  existing: components['schemas']['CustomerDuplicateSummary'] | null;
  /** The earlier row's number in the file (when it is not a customer). */
  sameAsRow: number | null;
}

export type ImportDuplicateChoice = 'skip' | 'import';

/** The rows that may be duplicates: row, name, the reason in Japanese, who (a link) or which row. */
export function ImportDuplicateList({ items }: { items: readonly ImportDuplicateItem[] }) {
  return (
    <ul aria-label="重複の可能性がある行" className="grid max-h-72 gap-2 overflow-y-auto pr-1">
      {items.map((item) => (
        <li key={item.rowNumber} className="grid gap-0.5 rounded-md border border-border p-2">
          <span className="font-medium break-words">
            {item.rowNumber} 行目: {item.name}
          </span>
          <span className="text-muted-foreground">理由: {duplicateReasonsText(item.reasons)}</span>
          {item.existing ? (
            <Link
              to={customerPath(item.existing.id)}
              target="_blank"
              rel="noopener"
              className="text-primary underline-offset-4 hover:underline break-words"
            >
              登録済みの顧客: {customerName(item.existing)}（診察券番号 {item.existing.patient_number}）
            </Link>
          ) : (
            <span>このファイルの {item.sameAsRow} 行目と同じ人かもしれません</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 重複の候補の扱い: skip them (with what becomes of them) or import them all. */
export function ImportDuplicateChoiceFieldset({
  name,
  value,
  skipHint,
  onChange,
}: {
  name: string;
  value: ImportDuplicateChoice;
  skipHint: string;
  onChange: (value: ImportDuplicateChoice) => void;
}) {
  const choices: ReadonlyArray<{ value: ImportDuplicateChoice; label: string; hint: string }> = [
    { value: 'skip', label: '重複候補の行は取り込まない', hint: skipHint },
    { value: 'import', label: 'すべて取り込む', hint: '重複の候補の行も新しい顧客として登録します。' },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">重複の候補の扱い</legend>
      {choices.map((option) => (
        <label key={option.value} className="flex items-start gap-2">
          <input
            type="radio"
            name={name}
            className="mt-1"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className="grid">
            <span>{option.label}</span>
            <span className="text-muted-foreground">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
