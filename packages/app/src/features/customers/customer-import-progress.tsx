import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CustomerImportJob,
  cancelCustomerImportMutationOptions,
  customerImportQueryOptions,
  downloadCustomerImportErrorsMutationOptions,
  isCustomerImportActive,
  isCustomerImportWaiting,
} from '@tsumiki/api-client/react';
import { Alert, Button, Progress } from '@tsumiki/ui';
import { Download } from 'lucide-react';
import { useTenantApi } from '../../app/use-tenant-api';
import { saveFile } from '../../lib/save-file';
import { CustomerImportDuplicates } from './customer-import-duplicates';
import { importPace } from './customer-import-pace';

const count = (value: number) => value.toLocaleString('ja-JP');

/**
 * A background import's progress read from the server (so it survives a reload): processed of
 * total, rows per second and the time left while it runs, 「中止」, and at the end the counts and
 * the error report's download.
 */
export function CustomerImportProgress({
  importId,
  initial,
}: {
  importId: string;
  initial?: CustomerImportJob;
}) {
  const { api, tenantId } = useTenantApi();
  const job = useQuery({
    ...customerImportQueryOptions(api, tenantId, importId),
    ...(initial ? { initialData: initial } : {}),
  });
  const cancel = useMutation({
    ...cancelCustomerImportMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const download = useMutation({
    ...downloadCustomerImportErrorsMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const data = job.data;
  if (!data) return <p role="status">取り込みの状況を読み込んでいます…</p>;
  const active = isCustomerImportActive(data);
  const waiting = isCustomerImportWaiting(data);
  const pace = importPace(data, Date.now());
  const cancelButton = (
    <div>
      <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(data.id)}>
        中止
      </Button>
    </div>
  );
  return (
    <section
      aria-label={`「${data.file_name}」の取り込み`}
      className="grid gap-2 rounded-md border border-border p-3 text-sm"
    >
      <p className="font-medium break-all">「{data.file_name}」</p>
      {active ? (
        <>
          <Progress
            value={data.total_rows ? data.processed_rows : null}
            max={Math.max(1, data.total_rows ?? 1)}
            label="取り込みの進み具合"
          />
          <p role="status" aria-live="polite">
            {data.status === 'scanning'
              ? '取り込む前に、重複の可能性がある行を確かめています…'
              : data.status === 'queued'
                ? '取り込みの順番を待っています…'
                : data.processed_rows === 0
                  ? 'ファイルを読み始めています…'
                  : `${count(data.processed_rows)} / ${data.total_rows === null ? '…' : `約 ${count(data.total_rows)}`} 行を処理しました`}
          </p>
          {pace && (
            <p className="text-muted-foreground">
              毎秒 {count(pace.rowsPerSecond)} 行
              {pace.secondsLeft !== null ? `・残り時間 約 ${formatSeconds(pace.secondsLeft)}` : ''}
            </p>
          )}
          {cancelButton}
        </>
      ) : waiting ? (
        <>
          <CustomerImportDuplicates job={data} />
          {cancelButton}
        </>
      ) : (
        <Finished job={data} />
      )}
      {!active && !waiting && data.failed_rows + data.skipped_rows > 0 && (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={download.isPending}
            onClick={async () => saveFile(await download.mutateAsync(data.id))}
          >
            <Download aria-hidden="true" />
            エラーの一覧をダウンロード
          </Button>
        </div>
      )}
      {(cancel.error || download.error) && (
        <Alert variant="error" title="操作できませんでした">
          <p>{(cancel.error ?? download.error)?.message}</p>
        </Alert>
      )}
    </section>
  );
}

function Finished({ job }: { job: CustomerImportJob }) {
  const skipped = job.skipped_rows > 0 ? `・重複の候補で取り込まず ${count(job.skipped_rows)} 件` : '';
  const counts = `登録 ${count(job.imported_rows)} 件・エラー ${count(job.failed_rows)} 件${skipped}（${count(job.processed_rows)} 行を処理）`;
  if (job.status === 'done') {
    return (
      <Alert
        variant={job.failed_rows + job.skipped_rows > 0 ? 'warning' : 'success'}
        title="取り込みが終わりました"
      >
        <p role="status">{counts}</p>
        {job.failed_rows + job.skipped_rows > 0 && (
          <p>エラーのある行と重複の候補の行は登録していません。一覧で行番号と理由を確認できます。</p>
        )}
      </Alert>
    );
  }
  if (job.status === 'cancelled') {
    return (
      <Alert variant="warning" title="取り込みを中止しました">
        <p role="status">{counts}</p>
        <p>中止までに登録した顧客はそのまま残っています。</p>
      </Alert>
    );
  }
  return (
    <Alert variant="error" title="取り込めませんでした">
      <p role="status">{job.error ?? '取り込み中に問題が起きました。'}</p>
      <p>{counts}</p>
    </Alert>
  );
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} 秒`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} 分 ${Math.round(seconds % 60)} 秒`;
}
