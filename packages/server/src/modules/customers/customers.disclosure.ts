/**
 * Disclosure (開示): everything the tenant holds about one customer, as one ZIP — each kind as JSON
 * and as a Shift_JIS (CP932) CSV, a readable Japanese PDF summary, and the original files of the
 * documents linked to them. The rows are read in the request's transaction (a customer's own rows
 * are few: those files are made in memory); the ZIP is streamed after it, each document's file
 * read from the file storage as its turn comes (customers.disclosure-zip.ts).
 */

import type { Readable } from 'node:stream';
import {
  ACCESS_ACTION_LABELS,
  ACCESS_TARGET_LABELS,
  type AccessAction,
  INTERACTION_TYPE_LABELS,
} from '@tsumiki/api-client';
import { sql } from 'kysely';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import type { FileStorage } from '../../platform/files/storage';
import { renderReportPdf } from '../../platform/pdf/report-pdf';
import { tableToCsv } from '../../platform/text/csv-file';
import { rowName } from '../../platform/text/person-name';
import { findCustomerDocuments, openDocumentContent, toDocument } from '../documents';
import { customersToCsv, formatCsvDateTime } from './customers.csv';
import { DISCLOSURE_FILES, disclosureLabel as label, summaryBlocks } from './customers.disclosure-summary';
import { uniqueNames, type ZipEntry, zipStream } from './customers.disclosure-zip';
import { toCustomer } from './customers.mapper';
import { findCustomer } from './customers.repository';
import { customerGone } from './customers.service';

interface InteractionRecord {
  id: string;
  type: keyof typeof INTERACTION_TYPE_LABELS;
  summary: string | null;
  content: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  created_by_name: string | null;
  versions: Array<{ version: number; summary: string | null; content: string; replaced_at: string }>;
  products: Array<{ id: string; name: string }>;
}

interface ReportRecord {
  id: string;
  title: string;
  mode: string;
  summary: string;
  body: unknown;
  created_at: Date;
  created_by_name: string | null;
}

async function interactionsOf(tx: TenantTransaction, id: string): Promise<InteractionRecord[]> {
  const { rows } = await sql<InteractionRecord>`
    select i.id, i.type, i.summary, i.content, i.version, i.created_at, i.updated_at,
      ${userDisplayName('u')} as created_by_name,
      coalesce((select json_agg(json_build_object('version', v.version, 'summary', v.summary,
                  'content', v.content, 'replaced_at', v.replaced_at) order by v.version)
                from interaction_versions v
                where v.tenant_id = i.tenant_id and v.interaction_id = i.id), '[]') as versions,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
                from interaction_products ip
                join products p on p.tenant_id = ip.tenant_id and p.id = ip.product_id
                where ip.tenant_id = i.tenant_id and ip.interaction_id = i.id), '[]') as products
    from interactions i left join users u on u.id = i.created_by
    where i.tenant_id = ${tx.tenantId} and i.customer_id = ${id}
    order by i.created_at, i.id`.execute(tx);
  return rows;
}

interface AccessRecord {
  occurred_at: Date;
  action: string;
  action_label: string;
  actor_name: string | null;
  target_type: string | null;
  target_id: string | null;
}

/**
 * The access log's rows about the customer: when, what, who (by name) and on which record. The
 * staff's IP addresses and browsers are theirs, not the customer's, and stay out.
 */
async function accessesAbout(tx: TenantTransaction, id: string): Promise<AccessRecord[]> {
  const rows = await tx
    .selectFrom('access_log')
    .select(['occurred_at', 'action', 'actor_name', 'target_type', 'target_id'])
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    action_label: ACCESS_ACTION_LABELS[row.action as AccessAction] ?? row.action,
  }));
}

async function reportsAbout(tx: TenantTransaction, id: string): Promise<ReportRecord[]> {
  return tx
    .selectFrom('research_reports as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.id', 'r.title', 'r.mode', 'r.summary', 'r.body', 'r.created_at'])
    .select(userDisplayName('u').as('created_by_name'))
    .where('r.tenant_id', '=', tx.tenantId)
    .where('r.customer_id', '=', id)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/** Bytes of a CSV writer, gathered. */
async function gather(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A small table as CSV in Shift_JIS (CP932), through the product's one CSV writer. */
function cp932Table(header: readonly string[], rows: string[][]): Promise<Uint8Array> {
  const columns = header.map((label, index) => ({
    header: label,
    cell: (row: string[]) => row[index] ?? '',
  }));
  return gather(tableToCsv(rows, columns, 'shift_jis'));
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

export interface Disclosure {
  customerName: string;
  /** The ZIP's bytes as they are made (the documents' files are opened when their turn comes). */
  zip: Readable;
  timeZone: string;
}

/** Types whose bytes are compressed already: stored in the ZIP as they are. */
const COMPRESSED = /^(application\/pdf|image\/(png|jpeg)|application\/vnd\.openxmlformats-)/;

/** The disclosure ZIP of a customer (stopped or in the trash too); 404 when erased or unknown. */
export async function buildDisclosure(
  tx: TenantTransaction,
  files: FileStorage,
  id: string,
  requestedBy: string,
  now: Date,
): Promise<Disclosure> {
  const customer = await findCustomer(tx, id);
  if (!customer) throw await customerGone(tx, id);
  const [interactions, reports, accesses, documents, timeZone] = await Promise.all([
    interactionsOf(tx, id),
    reportsAbout(tx, id),
    accessesAbout(tx, id),
    findCustomerDocuments(tx, id),
    tenantTimeZone(tx),
  ]);
  const paths = uniqueNames(
    DISCLOSURE_FILES.documentsFolder,
    documents.map((document) => document.file_name),
  );
  const documentRecords = documents.map((document, index) => ({
    ...toDocument(document),
    file_in_zip: paths[index] as string,
  }));
  const at = (date: Date) => formatCsvDateTime(date, timeZone);
  const interactionRows = interactions.map((i) => [
    at(i.created_at),
    INTERACTION_TYPE_LABELS[i.type] ?? i.type,
    i.summary ?? '',
    i.content,
    i.created_by_name ?? '',
  ]);
  const reportRows = reports.map((r) => [at(r.created_at), r.title, r.summary, r.created_by_name ?? '']);
  const documentRows = documents.map((d, index) => [
    at(d.created_at),
    d.file_name,
    d.description ?? '',
    d.tags.join('、'),
    String(Number(d.size_bytes)),
    paths[index] as string,
  ]);
  const accessRows = accesses.map((a) => [
    at(a.occurred_at),
    a.action_label,
    a.actor_name ?? '',
    a.target_type ? (ACCESS_TARGET_LABELS[a.target_type] ?? a.target_type) : '',
    a.target_id ?? '',
  ]);
  const pdf = await renderReportPdf({
    title: '開示データの概要',
    meta: [
      `対象: ${rowName(customer)} 様`,
      `作成: ${at(now)}（${requestedBy}）`,
      '個人情報の保護に関する法律に基づく開示請求に応じて、保存しているデータをまとめたものです。',
    ],
    blocks: summaryBlocks(
      customer,
      { interactions: interactionRows, reports: reportRows, documents: documentRows, accesses: accessRows },
      timeZone,
    ),
  });
  const entries: ZipEntry[] = [
    { name: DISCLOSURE_FILES.summary, content: pdf, store: true },
    { name: DISCLOSURE_FILES.customerJson, content: json(toCustomer(customer)) },
    {
      name: DISCLOSURE_FILES.customerCsv,
      content: await gather(customersToCsv([customer], 'shift_jis', { timeZone })),
    },
    { name: DISCLOSURE_FILES.interactionsJson, content: json(interactions) },
    {
      name: DISCLOSURE_FILES.interactionsCsv,
      content: await cp932Table(
        ['日時', label('type'), label('summary'), label('content'), '記録した人'],
        interactionRows,
      ),
    },
    { name: DISCLOSURE_FILES.reportsJson, content: json(reports) },
    {
      name: DISCLOSURE_FILES.reportsCsv,
      content: await cp932Table(['作成日時', 'タイトル', label('summary'), '作成した人'], reportRows),
    },
    { name: DISCLOSURE_FILES.accessesJson, content: json(accesses) },
    {
      name: DISCLOSURE_FILES.accessesCsv,
      content: await cp932Table(['日時', '操作', '操作した人', '対象の種類', '対象の ID'], accessRows),
    },
    { name: DISCLOSURE_FILES.documentsJson, content: json(documentRecords) },
    {
      name: DISCLOSURE_FILES.documentsCsv,
      content: await cp932Table(
        ['登録日時', 'ファイル名', '説明', 'タグ', 'サイズ（バイト）', 'ZIP 内の場所'],
        documentRows,
      ),
    },
    ...documents.map(
      (document, index): ZipEntry => ({
        name: paths[index] as string,
        content: () => openDocumentContent(files, document),
        store: COMPRESSED.test(document.content_type),
      }),
    ),
  ];
  return { customerName: rowName(customer), zip: zipStream(entries), timeZone };
}
