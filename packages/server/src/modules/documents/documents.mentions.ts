/**
 * Where the tenant's documents and knowledge base mention a name, for the AI features that cite
 * them (deep research, competitor analysis). Each kind is searched only when the user may open it
 * on its own screen (`documents.read`, `knowledge.read`): an AI answer never shows a passage its
 * reader could not have found themselves.
 */
import type { Permission } from '../../platform/access/permissions';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { QueryVector, TextIndex } from '../../platform/search/text-index';

export type TextSourceKind = 'document' | 'knowledge';

export interface TextMention {
  sourceType: 'document' | 'knowledge_document';
  id: string;
  title: string;
  snippet: string;
  url: string;
}

const READ_PERMISSION: Record<TextSourceKind, Permission> = {
  document: 'documents.read',
  knowledge: 'knowledge.read',
};

/** The kinds of text the user may read; all of them when nothing restricts the caller. */
export function readableTextKinds(can?: (permission: Permission) => boolean): TextSourceKind[] {
  return (['document', 'knowledge'] as const).filter((kind) => can?.(READ_PERMISSION[kind]) ?? true);
}

/** The readable kinds' names in Japanese, for a step that says what was left out. */
export function unreadableTextNote(kinds: readonly TextSourceKind[]): string | undefined {
  const missing = (['document', 'knowledge'] as const).filter((kind) => !kinds.includes(kind));
  if (missing.length === 0) return undefined;
  const names = missing.map((kind) => (kind === 'document' ? '文書' : 'ナレッジベース')).join('と');
  return `${names}は閲覧の権限がないため含めていません`;
}

/** Names of sources by id, per kind, in the tenant. */
async function textSourceTitles(
  tx: TenantTransaction,
  kind: TextSourceKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows =
    kind === 'document'
      ? await tx
          .selectFrom('documents')
          .select(['id', 'file_name as title'])
          .where('tenant_id', '=', tx.tenantId)
          .where('id', 'in', [...ids])
          .execute()
      : await tx
          .selectFrom('knowledge_documents')
          .select(['id', 'title'])
          .where('tenant_id', '=', tx.tenantId)
          .where('id', 'in', [...ids])
          .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The screen where a source of `kind` is opened, found by `query`. */
function textSourceUrl(kind: TextSourceKind, query: string): string {
  return kind === 'document' ? `/documents?q=${encodeURIComponent(query)}` : '/knowledge-base';
}

/** `items` of one kind with their source's title; items whose source is gone since are dropped. */
async function withTitles<T extends { sourceId: string }>(
  tx: TenantTransaction,
  kind: TextSourceKind,
  items: readonly T[],
): Promise<Array<T & { title: string; sourceType: TextMention['sourceType'] }>> {
  const titles = await textSourceTitles(tx, kind, [...new Set(items.map((item) => item.sourceId))]);
  const sourceType = kind === 'document' ? 'document' : 'knowledge_document';
  return items.flatMap((item) => {
    const title = titles.get(item.sourceId);
    return title === undefined ? [] : [{ ...item, title, sourceType }];
  });
}

/** Documents and knowledge-base documents of `kinds` whose text contains every term of `query`. */
export async function findMentions(
  tx: TenantTransaction,
  textIndex: TextIndex,
  query: string,
  options: { kinds: readonly TextSourceKind[]; limit: number },
): Promise<TextMention[]> {
  const trimmed = query.trim();
  if (trimmed.length < 2) return [];
  const found: TextMention[] = [];
  for (const kind of options.kinds) {
    const { hits } = await textIndex.keyword(tx, { kind, query: trimmed, skip: 0, limit: options.limit });
    for (const hit of await withTitles(tx, kind, hits)) {
      found.push({
        sourceType: hit.sourceType,
        id: hit.sourceId,
        title: hit.title,
        snippet: hit.snippet,
        url: textSourceUrl(kind, trimmed),
      });
    }
  }
  return found.slice(0, options.limit);
}

export interface TitledPassage {
  sourceType: TextMention['sourceType'];
  id: string;
  title: string;
  text: string;
  /** The source's screen, found by its title. */
  url: string;
}

/**
 * Passages close to `query` in each kind of `kinds` (retrieval with the question's `vector`, see
 * TextIndex.embedQuery), those that `relevant` keeps, with their sources' titles.
 */
export async function findPassages(
  tx: TenantTransaction,
  textIndex: TextIndex,
  query: string,
  options: {
    kinds: readonly TextSourceKind[];
    vector: QueryVector | null;
    limit: number;
    relevant?: (text: string) => boolean;
  },
): Promise<TitledPassage[]> {
  const found: TitledPassage[] = [];
  for (const kind of options.kinds) {
    const { passages } = await textIndex.retrieve(tx, {
      kind,
      query,
      vector: options.vector,
      limit: options.limit,
    });
    const kept = options.relevant ? passages.filter((passage) => options.relevant?.(passage.text)) : passages;
    for (const passage of await withTitles(tx, kind, kept)) {
      found.push({
        sourceType: passage.sourceType,
        id: passage.sourceId,
        title: passage.title,
        text: passage.text,
        url: textSourceUrl(kind, passage.title),
      });
    }
  }
  return found;
}
