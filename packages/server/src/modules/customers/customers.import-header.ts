import {
  type CustomerCsvHeaderMapping,
  customerCsvColumnHeader,
  customerCsvRecordToRow,
  mapCustomerCsvHeader,
} from '@tsumiki/api-client';

/** A file's header row as the import reads it (@tsumiki/api-client: the same as the app's preview). */
export type CsvCustomerColumns = CustomerCsvHeaderMapping;

/** 診察券番号 is read only when the importer may choose numbers (the admins), as on the form. */
export function mapHeader(header: readonly string[], withPatientNumber: boolean): CsvCustomerColumns {
  return mapCustomerCsvHeader(header, { withPatientNumber });
}

/** Why the header row cannot be imported, in Japanese; null when it can. */
export function headerProblem(mapping: CsvCustomerColumns): string | null {
  const label = customerCsvColumnHeader;
  if (mapping.missing.length > 0) {
    return `必須の列がありません: ${mapping.missing.map(label).join('、')}。1 行目の見出しに書いてください。`;
  }
  if (mapping.duplicated.length > 0) {
    return `同じ項目の列が複数あります: ${mapping.duplicated.map(label).join('、')}`;
  }
  return null;
}

export function recordToRow(cells: readonly string[], mapping: CsvCustomerColumns) {
  return customerCsvRecordToRow(cells, mapping.columns);
}
