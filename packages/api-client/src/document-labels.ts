import type { components } from './generated/schema';

type Schemas = components['schemas'];

/**
 * The contract's words about documents, the knowledge base and AI answers in Japanese, typed by
 * the contract's enums (a value added there fails to compile here until it has its label).
 */

/** A document's text extraction, as its status chip says it (処理中 / 検索できます / 読み取れませんでした). */
export const EXTRACTION_STATUS_LABELS: Readonly<Record<Schemas['ExtractionStatus'], string>> = {
  pending: '処理中',
  ready: '検索できます',
  failed: '読み取れませんでした',
  unsupported: '読み取れない形式',
};

/** A knowledge-base document's indexing. */
export const KNOWLEDGE_STATUS_LABELS: Readonly<Record<Schemas['KnowledgeDocumentStatus'], string>> = {
  processing: '処理中',
  ready: '利用できます',
  failed: '読み取れませんでした',
};

/** How an answer or a semantic search was made: the label an offline answer carries. */
export const AI_MODE_LABELS: Readonly<Record<Schemas['AiMode'], string>> = {
  offline: 'AI を使わない検索結果',
  openai: 'AI の回答',
};

/**
 * How a generated report was made, as one sentence (the research PDF's header). ui's AiModeNotice
 * keeps its own default of these words (ui may not depend on this package); the app's tests pin
 * the two equal.
 */
export const AI_MODE_NOTICES: Readonly<Record<Schemas['AiMode'], string>> = {
  offline: 'AI を使わず、登録データの集計・検索だけで作成しました。',
  openai: 'AI が作成しました。内容を確認してからお使いください。',
};

/** What an AI answer's source is (AiSource.type), as its chip reads. */
export const AI_SOURCE_TYPE_LABELS: Readonly<Record<Schemas['AiSourceType'], string>> = {
  customer: '顧客',
  interaction: '対応履歴',
  product: '商品',
  document: '文書',
  knowledge_document: 'ナレッジベース',
  staff: 'スタッフ',
  user_input: '入力内容',
  web: 'ウェブ',
};

/** Largest file the server takes (FILE_001 above it), checked on the client first. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * What /api/documents/upload takes, as a file input's `accept` list (MIME types and extensions:
 * browsers report some types as empty). The server decides by the bytes (FILE_002); this only
 * refuses the obvious early.
 */
export const DOCUMENT_ACCEPT = [
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.txt',
  '.md',
  '.csv',
  '.png',
  '.jpg',
  '.jpeg',
] as const;

/** The kinds DOCUMENT_ACCEPT names, as shown to the user. */
export const DOCUMENT_ACCEPT_LABEL = 'PDF・Word・Excel・PowerPoint・テキスト・CSV・画像（PNG・JPEG）';

/** What /api/knowledge/upload takes. */
export const KNOWLEDGE_ACCEPT = ['.pdf', '.docx', '.txt', '.md'] as const;

export const KNOWLEDGE_ACCEPT_LABEL = 'PDF・Word・テキスト・Markdown';

/** A short name for a stored file's type (its MIME type), e.g. PDF, Word. */
export function documentTypeLabel(contentType: string, fileName = ''): string {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
    'text/plain': 'テキスト',
    'text/markdown': 'Markdown',
    'text/csv': 'CSV',
    'image/png': 'PNG 画像',
    'image/jpeg': 'JPEG 画像',
  };
  if (known[type]) return known[type];
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1];
  return extension ? extension.toUpperCase() : 'ファイル';
}
