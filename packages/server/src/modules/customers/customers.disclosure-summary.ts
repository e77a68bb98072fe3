/**
 * The disclosure's readable part: the ZIP's file names and the Japanese PDF summary's blocks
 * (customers.disclosure.ts puts them together).
 */
import { fieldLabels } from '@tsumiki/api-client';
import { localDateTime } from '../../platform/access/time-zone';
import type { PdfBlock } from '../../platform/pdf/report-pdf';
import { rowName } from '../../platform/text/person-name';
import { formatCsvDateTime } from './customers.csv';
import type { CustomerView } from './customers.repository';

/** A field's Japanese label (the contract's title). */
export const disclosureLabel = (field: string) => fieldLabels[field] ?? field;
const label = disclosureLabel;

/** File names in the ZIP (numbered so that they sort in reading order). */
export const DISCLOSURE_FILES = {
  summary: '01_開示データの概要.pdf',
  customerJson: '02_顧客情報.json',
  customerCsv: '02_顧客情報.csv',
  interactionsJson: '03_対応履歴.json',
  interactionsCsv: '03_対応履歴.csv',
  reportsJson: '04_調査レポート.json',
  reportsCsv: '04_調査レポート.csv',
  accessesJson: '05_操作ログ.json',
  accessesCsv: '05_操作ログ.csv',
  documentsJson: '06_文書.json',
  documentsCsv: '06_文書.csv',
  /** The documents' original files, each under its own name. */
  documentsFolder: '06_文書',
} as const;

export function summaryBlocks(
  customer: CustomerView,
  {
    interactions,
    reports,
    documents,
    accesses,
  }: { interactions: string[][]; reports: string[][]; documents: string[][]; accesses: string[][] },
  timeZone: string,
): PdfBlock[] {
  const fields: Array<[string, string | null]> = [
    [`${label('last_name')}・${label('first_name')}`, rowName(customer)],
    ['フリガナ', `${customer.last_name_kana} ${customer.first_name_kana}`],
    [label('company_name'), customer.company_name],
    [label('email'), customer.email],
    [label('phone'), customer.phone],
    [label('postal_code'), customer.postal_code],
    ['住所', [customer.prefecture, customer.city, customer.address_line].filter(Boolean).join(' ') || null],
    [label('tags'), customer.tags.join('、') || null],
    [label('assignee_name'), customer.assignee_name],
    [label('notes'), customer.notes],
    ['登録日時', formatCsvDateTime(customer.created_at, timeZone)],
    ['最終更新日時', formatCsvDateTime(customer.updated_at, timeZone)],
  ];
  const { year, month, day } = localDateTime(customer.created_at, timeZone);
  const blocks: PdfBlock[] = [
    { type: 'heading', text: '顧客情報' },
    {
      type: 'table',
      columns: [
        { label: '項目', width: 1 },
        { label: '内容', width: 3 },
      ],
      rows: fields.map(([name, value]) => [name, value ?? '（なし）']),
    },
    { type: 'heading', text: `対応履歴（${interactions.length} 件）` },
  ];
  if (interactions.length === 0)
    blocks.push({ type: 'paragraph', text: '対応履歴はありません。', muted: true });
  else
    blocks.push({
      type: 'table',
      columns: [
        { label: '日時', width: 2 },
        { label: '種類', width: 1 },
        { label: '要約', width: 4 },
      ],
      rows: interactions.map((row) => [row[0] ?? '', row[1] ?? '', row[2] || (row[3] ?? '').slice(0, 80)]),
    });
  blocks.push({ type: 'heading', text: `調査レポート（${reports.length} 件）` });
  if (reports.length === 0)
    blocks.push({ type: 'paragraph', text: '調査レポートはありません。', muted: true });
  else
    blocks.push({
      type: 'table',
      columns: [
        { label: '作成日時', width: 2 },
        { label: 'タイトル', width: 5 },
      ],
      rows: reports.map((row) => [row[0] ?? '', row[1] ?? '']),
    });
  blocks.push({ type: 'heading', text: `文書（${documents.length} 件）` });
  if (documents.length === 0) blocks.push({ type: 'paragraph', text: '文書はありません。', muted: true });
  else
    blocks.push({
      type: 'table',
      columns: [
        { label: '登録日時', width: 2 },
        { label: 'ファイル名', width: 5 },
      ],
      rows: documents.map((row) => [row[0] ?? '', row[1] ?? '']),
    });
  blocks.push({
    type: 'heading',
    text: `この顧客の情報を見た・変えた記録（操作ログ ${accesses.length} 件）`,
  });
  if (accesses.length === 0) blocks.push({ type: 'paragraph', text: '記録はありません。', muted: true });
  else
    blocks.push({
      type: 'table',
      columns: [
        { label: '日時', width: 2 },
        { label: '操作', width: 3 },
        { label: '操作した人', width: 2 },
      ],
      rows: accesses.map((row) => [row[0] ?? '', row[1] ?? '', row[2] ?? '']),
    });
  if (customer.use_stopped_at)
    blocks.push({
      type: 'paragraph',
      text: `この顧客の情報は ${formatCsvDateTime(customer.use_stopped_at, timeZone)} から利用を停止しています（理由: ${customer.use_stop_reason ?? ''}）。`,
    });
  blocks.push(
    { type: 'heading', text: 'この ZIP に含まれるファイル' },
    {
      type: 'bullets',
      items: [
        `${DISCLOSURE_FILES.customerJson} / .csv: 顧客情報（${year}年${Number(month)}月${Number(day)}日に登録）`,
        `${DISCLOSURE_FILES.interactionsJson} / .csv: 対応履歴（JSON には直す前の版も含みます）`,
        `${DISCLOSURE_FILES.reportsJson} / .csv: この顧客についての調査レポート`,
        `${DISCLOSURE_FILES.accessesJson} / .csv: この顧客の情報を見た・変えた記録（日時・操作・操作した人）`,
        `${DISCLOSURE_FILES.documentsJson} / .csv: この顧客についての文書の一覧。ファイルそのものは「${DISCLOSURE_FILES.documentsFolder}」フォルダーに、登録されたときのまま入っています`,
        'CSV は Excel（日本語版）でそのまま開ける Shift_JIS、JSON は UTF-8 です。',
      ],
    },
  );
  return blocks;
}
