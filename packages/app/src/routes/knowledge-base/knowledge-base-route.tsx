import type { KnowledgeDocument } from '@tsumiki/api-client';
import { knowledgeDocumentsQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, DataTable, EmptyState, PageHeader, Pagination } from '@tsumiki/ui';
import { BookOpen, Download, Scale, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { DeletionDialog } from '../../features/documents/lazy-confirm-dialog';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { KNOWLEDGE_PAGE_SIZE } from '../../features/knowledge/knowledge-upload';
import { formatCount } from '../../lib/format';
import { knowledgeColumns } from './knowledge-columns';
import { UploadForm } from './knowledge-upload-form';
import { listQuery, pageOf, useKnowledgeDocuments } from './use-knowledge-documents';

const title = appRoutes.knowledgeBase.title;

export const loader = listRouteLoader((tenantId, params) =>
  knowledgeDocumentsQueryOptions(api, tenantId, listQuery(pageOf(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /knowledge-base: the documents the legal-check chat answers from. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'legal_check')) return <FeatureOffScreen title={title} />;
  if (!can('knowledge.read')) return <PermissionDeniedScreen title={title} />;
  return <KnowledgeBaseScreen />;
}

function KnowledgeBaseScreen() {
  const { can } = usePermissions();
  const canWrite = can('knowledge.write');
  const canDelete = can('knowledge.delete');
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const page = useMemo(() => pageOf(params), [params]);
  const [deleting, setDeleting] = useState<KnowledgeDocument | null>(null);

  const { documents, remove, download } = useKnowledgeDocuments(page);
  const data = documents.isError ? undefined : documents.data;

  if (documents.isError && isFeatureOff(documents.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="契約書・就業規則・ガイドラインなどを登録すると、AI法務チェックが引用つきで答える根拠になります。"
        actions={
          <Button variant="outline" asChild>
            <Link to={appRoutes.legalCheck.path}>
              <Scale aria-hidden="true" />
              AI法務チェックで質問する
            </Link>
          </Button>
        }
      />

      {canWrite ? (
        <UploadForm />
      ) : (
        <Alert variant="info">資料の登録には権限が必要です。{PERMISSION_DENIED_REASON}</Alert>
      )}

      <section aria-labelledby="knowledge-list-heading" className="grid gap-3">
        <h2 id="knowledge-list-heading" className="text-base font-semibold">
          登録した資料
        </h2>
        <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground tabular-nums">
          {data ? `${formatCount(data.total)} 件` : ''}
        </p>
        <DataTable
          caption="登録した資料"
          columns={knowledgeColumns}
          rows={data?.documents ?? []}
          getRowId={(document) => document.id}
          getRowLabel={(document) => document.title}
          rowActions={(document) => [
            {
              label: 'ダウンロード',
              icon: <Download aria-hidden="true" />,
              onSelect: () => download.mutate({ id: document.id, fileName: document.file_name }),
            },
            ...(canDelete
              ? [
                  {
                    label: '削除',
                    icon: <Trash2 aria-hidden="true" />,
                    destructive: true,
                    onSelect: () => setDeleting(document),
                  },
                ]
              : []),
          ]}
          loading={documents.isPending || (documents.isFetching && documents.isPlaceholderData)}
          loadingRowCount={4}
          error={documents.isError ? documents.error.message : undefined}
          onRetry={() => void documents.refetch()}
          empty={
            <EmptyState
              icon={<BookOpen aria-hidden="true" className="size-6" />}
              title="まだ資料が登録されていません"
              description="上のフォームから PDF・Word・テキストを登録すると、AI法務チェックで質問できるようになります。"
            />
          }
        />
        {download.isError ? <Alert variant="error">{download.error.message}</Alert> : null}
        {data && data.total > KNOWLEDGE_PAGE_SIZE ? (
          <Pagination
            page={page}
            pageSize={KNOWLEDGE_PAGE_SIZE}
            total={data.total}
            disabled={documents.isFetching}
            onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        ) : null}
      </section>

      <DeletionDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `「${deleting.title}」を削除しますか？` : ''}
        description="今後の質問の根拠には使われなくなります。これまでの回答には題名だけが残ります。"
        onDelete={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast({ variant: 'success', title: '資料を削除しました', description: deleting.title });
        }}
      />
    </div>
  );
}
