import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentTypeLabel,
  isApiError,
  KNOWLEDGE_ACCEPT,
  KNOWLEDGE_ACCEPT_LABEL,
  KNOWLEDGE_STATUS_LABELS,
  type KnowledgeDocument,
  MAX_UPLOAD_BYTES,
} from '@tsumiki/api-client';
import {
  deleteKnowledgeDocumentMutationOptions,
  downloadKnowledgeDocumentMutationOptions,
  knowledgeDocumentsQueryOptions,
  knowledgeKeys,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  DataTable,
  type DataTableColumn,
  EmptyState,
  FileDropzone,
  type FileUploadItem,
  formatFileSize,
  PageHeader,
  Pagination,
  TagInput,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { BookOpen, Download, Scale, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { DeletionDialog } from '../../features/documents/lazy-confirm-dialog';
import { sendUpload } from '../../features/documents/upload-request';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  KNOWLEDGE_PAGE_SIZE,
  type KnowledgeUploadErrors,
  knowledgeUploadFields,
  serverFieldErrors,
  validateKnowledgeUpload,
} from '../../features/knowledge/knowledge-upload';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';

const title = appRoutes.knowledgeBase.title;
const STATUS_CHIP = { processing: 'info', ready: 'success', failed: 'error' } as const;
const POLL_MS = 2000;

function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

function listQuery(page: number) {
  return { skip: (page - 1) * KNOWLEDGE_PAGE_SIZE, limit: KNOWLEDGE_PAGE_SIZE };
}

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
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('knowledge.write');
  const canDelete = can('knowledge.delete');
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const page = useMemo(() => pageOf(params), [params]);
  const [deleting, setDeleting] = useState<KnowledgeDocument | null>(null);

  const documents = useQuery({
    ...knowledgeDocumentsQueryOptions(api, tenantId, listQuery(page)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.documents.some((document) => document.status === 'processing') ? POLL_MS : false,
  });
  const remove = useMutation({
    ...deleteKnowledgeDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const download = useMutation({
    ...downloadKnowledgeDocumentMutationOptions(api, tenantId),
    onSuccess: saveFile,
  });
  const data = documents.isError ? undefined : documents.data;

  if (documents.isError && isFeatureOff(documents.error)) return <FeatureOffScreen title={title} />;

  const columns: DataTableColumn<KnowledgeDocument>[] = [
    {
      id: 'title',
      header: '題名',
      className: 'min-w-48',
      cell: (document) => (
        <div className="grid gap-0.5">
          <span className="font-medium break-all">{document.title}</span>
          <span className="text-xs text-muted-foreground">
            <span className="break-all">{document.file_name}</span>
            <span className="whitespace-nowrap">
              ・{documentTypeLabel(document.content_type, document.file_name)}・
              {formatFileSize(document.size_bytes)}
            </span>
          </span>
          {document.description ? (
            <span className="line-clamp-2 text-xs text-muted-foreground">{document.description}</span>
          ) : null}
          {document.tags.length ? (
            <span className="flex flex-wrap gap-1 pt-0.5">
              {document.tags.map((tag) => (
                <Chip key={tag} size="sm">
                  {tag}
                </Chip>
              ))}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: '状態',
      cell: (document) => (
        <div className="grid gap-1">
          <Chip variant={STATUS_CHIP[document.status]} data-testid="knowledge-status">
            {KNOWLEDGE_STATUS_LABELS[document.status]}
          </Chip>
          {document.error ? (
            <span className="max-w-56 text-xs whitespace-normal text-muted-foreground">{document.error}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'counts',
      header: '断片・ページ',
      nowrap: true,
      hideBelow: 'md',
      cell: (document) => (
        <span className="tabular-nums">
          {formatCount(document.chunk_count)} 断片
          {document.page_count ? `・${formatCount(document.page_count)} ページ` : ''}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: '登録日時',
      nowrap: true,
      hideBelow: 'lg',
      cell: (document) => <span className="tabular-nums">{formatTenantDateTime(document.created_at)}</span>,
    },
  ];

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
          columns={columns}
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

/** 資料の登録: one file with its title, description and tags, sent with upload progress. */
function UploadForm() {
  const { tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [item, setItem] = useState<FileUploadItem | null>(null);
  const [titleValue, setTitleValue] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<KnowledgeUploadErrors>({});
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File) => {
    setFile(chosen);
    setItem({ id: 'file', name: chosen.name, size: chosen.size, status: 'pending' });
    setErrors((current) => ({ ...current, file: undefined }));
    // The file's name (without extension) is a good first title.
    if (titleValue.trim() === '') setTitleValue(chosen.name.replace(/\.[^.]+$/, '').slice(0, 200));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { file, title: titleValue, description, tags };
    const problems = validateKnowledgeUpload(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !file) return;
    setBusy(true);
    setItem({ id: 'file', name: file.name, size: file.size, status: 'uploading', progress: 0 });
    try {
      const saved = await sendUpload<KnowledgeDocument>({
        path: '/api/knowledge/upload',
        fields: knowledgeUploadFields({ ...values, file }),
        tenantId,
        onProgress: (progress) => setItem((current) => (current ? { ...current, progress } : current)),
      });
      toast({
        variant: 'success',
        title: '資料を登録しました',
        description: `${saved.title}（索引を作っています）`,
      });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(tenantId) });
      setFile(null);
      setItem(null);
      setTitleValue('');
      setDescription('');
      setTags([]);
      setErrors({});
    } catch (caught) {
      const fieldErrors = serverFieldErrors(caught);
      setErrors(fieldErrors);
      setItem({
        id: 'file',
        name: file.name,
        size: file.size,
        status: 'error',
        error: fieldErrors.file ?? (caught instanceof Error ? caught.message : undefined),
        retryable: isApiError(caught) && caught.isClientError,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>資料を登録</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 lg:grid-cols-2" onSubmit={submit} noValidate aria-label="資料を登録">
          <div className="grid content-start gap-2">
            <FileDropzone
              label="登録するファイル"
              accept={KNOWLEDGE_ACCEPT}
              acceptLabel={KNOWLEDGE_ACCEPT_LABEL}
              maxSize={MAX_UPLOAD_BYTES}
              multiple={false}
              disabled={busy}
              items={item ? [item] : []}
              onFilesAccepted={(files) => files[0] && choose(files[0])}
              onFilesRejected={() => {
                setFile(null);
                setItem(null);
              }}
              onRemove={
                busy
                  ? undefined
                  : () => {
                      setFile(null);
                      setItem(null);
                    }
              }
              onRetry={() => {
                void submit(new Event('submit') as unknown as FormEvent);
              }}
            />
            {errors.file ? (
              <p className="text-sm text-error-subtle-foreground" role="alert">
                ファイル: {errors.file}
              </p>
            ) : null}
          </div>
          <div className="grid content-start gap-4">
            <TextField
              label="題名"
              required
              value={titleValue}
              maxLength={200}
              error={errors.title}
              onChange={(event) => setTitleValue(event.target.value)}
            />
            <Textarea
              label="説明"
              rows={3}
              maxLength={2000}
              value={description}
              error={errors.description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <TagInput
              label="タグ"
              value={tags}
              onValueChange={setTags}
              maxTags={20}
              maxTagLength={30}
              error={errors.tags}
            />
            <Button type="submit" loading={busy} className="w-fit">
              登録する
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
