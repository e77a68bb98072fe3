import { useQueryClient } from '@tanstack/react-query';
import {
  isApiError,
  KNOWLEDGE_ACCEPT,
  KNOWLEDGE_ACCEPT_LABEL,
  type KnowledgeDocument,
  MAX_UPLOAD_BYTES,
} from '@tsumiki/api-client';
import { knowledgeKeys } from '@tsumiki/api-client/react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  FileDropzone,
  type FileUploadItem,
  TagInput,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { sendUpload } from '../../features/documents/upload-request';
import {
  type KnowledgeUploadErrors,
  knowledgeUploadFields,
  serverFieldErrors,
  validateKnowledgeUpload,
} from '../../features/knowledge/knowledge-upload';

/** The upload form's file, fields and progress item, and the upload with its outcome. */
function useKnowledgeUpload() {
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

  const clearFile = () => {
    setFile(null);
    setItem(null);
  };

  return {
    item,
    titleValue,
    setTitleValue,
    description,
    setDescription,
    tags,
    setTags,
    errors,
    busy,
    choose,
    clearFile,
    submit,
  };
}

/** 資料の登録: one file with its title, description and tags, sent with upload progress. */
export function UploadForm() {
  const upload = useKnowledgeUpload();
  const { item, titleValue, setTitleValue, description, setDescription, tags, setTags } = upload;
  const { errors, busy, choose, clearFile, submit } = upload;
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
              onFilesRejected={clearFile}
              onRemove={busy ? undefined : clearFile}
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
