import type { components } from '@tsumiki/api-client';
import { Chip } from '@tsumiki/ui';
import { fieldLabel } from '../forms/field-rules';
import type { CsvImportRow } from './customer-csv';

type ImportRowResult = components['schemas']['CustomerImportRowResult'];

const STATUS: Record<ImportRowResult['status'], { label: string; variant: 'success' | 'error' | 'info' }> = {
  valid: { label: '登録できます', variant: 'success' },
  invalid: { label: 'エラー', variant: 'error' },
  created: { label: '登録しました', variant: 'info' },
};

/** The rows of a CSV import with what the server said of each. */
export function ImportPreviewTable({ rows, results }: { rows: CsvImportRow[]; results: ImportRowResult[] }) {
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
                  <span className="flex flex-wrap gap-1">
                    <Chip variant={status.variant} size="sm">
                      {status.label}
                    </Chip>
                    {result.duplicate && (
                      <Chip variant="warning" size="sm">
                        重複の候補
                      </Chip>
                    )}
                  </span>
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
