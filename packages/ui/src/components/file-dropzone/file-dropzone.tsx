import { CircleAlert, CircleCheck, FileText, RotateCcw, Upload, X } from 'lucide-react';
import { type ComponentProps, type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { fileDropzoneMessages } from '../../i18n/groups/file-dropzone';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { type FileErrorCode, formatFileSize, validateFile } from '../../lib/file';
import { Button } from '../button/button';
import { Progress } from '../progress/progress';

export type FileRejection = {
  file: File;
  code: FileErrorCode;
  /** Japanese message from the messages provider (ファイルサイズが大きすぎます …). */
  message: string;
};

/** A file being (or having been) uploaded, as the app tracks it. */
export type FileUploadItem = {
  id: string;
  name: string;
  /** In bytes. */
  size?: number;
  /** 0–100; null or absent while unknown. */
  progress?: number | null;
  status: 'pending' | 'uploading' | 'done' | 'error';
  /** Shown when status is error. */
  error?: string;
  /** An error worth trying again (a lost connection): offers the retry button when `onRetry` is given. */
  retryable?: boolean;
};

export type FileDropzoneProps = Omit<ComponentProps<'div'>, 'children' | 'onDrop'> & {
  /** Names the file input and the area, e.g. 契約書をアップロード. */
  label: string;
  /** MIME types, wildcards (image/*) or extensions (.pdf); shown to the user as written in `acceptLabel`. */
  accept?: readonly string[];
  /** What to show for the accepted types, e.g. PDF・Word; defaults to the `accept` list. */
  acceptLabel?: string;
  /** In bytes. */
  maxSize?: number;
  multiple?: boolean;
  disabled?: boolean;
  /** Files that passed the type and size rules. */
  onFilesAccepted: (files: File[]) => void;
  /** Files that did not; their messages are also shown under the area until the next choice. */
  onFilesRejected?: (rejections: FileRejection[]) => void;
  /** Uploads to list with per-file progress. */
  items?: readonly FileUploadItem[];
  onRemove?: (id: string) => void;
  /** Offers 「再試行」 on items in error whose `retryable` is true. */
  onRetry?: (id: string) => void;
  /** Extra content inside the area (e.g. a note). */
  hint?: ReactNode;
};

/** Drag and drop (or choose) one or more files, with type and size checks and per-file progress. */
export function FileDropzone({
  label,
  accept,
  acceptLabel,
  maxSize,
  multiple = true,
  disabled = false,
  onFilesAccepted,
  onFilesRejected,
  items = [],
  onRemove,
  onRetry,
  hint,
  className,
  ...props
}: FileDropzoneProps) {
  const messages = useMessageGroups({ fileDropzone: fileDropzoneMessages });
  const text = messages.fileDropzone;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const descriptionId = `${useId()}-constraints`;

  const take = (fileList: FileList | File[] | null) => {
    if (!fileList || disabled) return;
    const files = Array.from(fileList).slice(0, multiple ? undefined : 1);
    const accepted: File[] = [];
    const rejected: FileRejection[] = [];
    for (const file of files) {
      const code = validateFile(file, { accept, maxSize });
      if (code) rejected.push({ file, code, message: text.errors[code] });
      else accepted.push(file);
    }
    setRejections(rejected);
    if (accepted.length) onFilesAccepted(accepted);
    if (rejected.length) onFilesRejected?.(rejected);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const constraints = text.constraints(
    acceptLabel ?? (accept?.length ? accept.join('・') : null),
    maxSize !== undefined ? formatFileSize(maxSize) : null,
  );

  return (
    <div data-slot="file-dropzone" className={cn('grid gap-3', className)} {...props}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboard users have the 「ファイルを選択」 button inside */}
      <div
        data-slot="file-dropzone-area"
        data-dragging={dragging || undefined}
        data-disabled={disabled || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-surface px-4 py-8 text-center transition-colors',
          'data-[dragging]:border-primary data-[dragging]:bg-primary-subtle',
          'data-[disabled]:cursor-not-allowed data-[disabled]:bg-muted',
        )}
      >
        <Upload aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm font-medium">{text.prompt}</p>
        {constraints && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {constraints}
          </p>
        )}
        {hint}
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={constraints ? descriptionId : undefined}
          onClick={() => inputRef.current?.click()}
          className="mt-1"
        >
          {text.browse}
          <span className="sr-only">（{label}）</span>
        </Button>
        <input
          ref={inputRef}
          data-slot="file-dropzone-input"
          type="file"
          hidden
          aria-label={label}
          multiple={multiple}
          accept={accept?.join(',')}
          disabled={disabled}
          onChange={(event) => {
            take(event.target.files);
            // Choosing the same file again must fire change again.
            event.target.value = '';
          }}
        />
      </div>
      {/* Always in the page, so that a screen reader announces the errors when they appear. */}
      <div role="alert" data-slot="file-dropzone-errors" className="empty:absolute">
        {rejections.length > 0 && (
          <ul className="grid gap-1">
            {rejections.map(({ file, message, code }) => (
              <li
                key={`${file.name}-${code}`}
                data-code={code}
                className="flex items-start gap-2 text-sm text-error-subtle-foreground"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 break-all">
                  {file.name}: {message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {items.length > 0 && (
        <ul data-slot="file-dropzone-items" className="grid gap-2">
          {items.map((item) => (
            <FileItem key={item.id} item={item} onRemove={onRemove} onRetry={onRetry} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FileItem({
  item,
  onRemove,
  onRetry,
}: {
  item: FileUploadItem;
  onRemove: ((id: string) => void) | undefined;
  onRetry: ((id: string) => void) | undefined;
}) {
  const messages = useMessageGroups({ fileDropzone: fileDropzoneMessages, common: commonMessages });
  const text = messages.fileDropzone;
  const statusText =
    item.status === 'done'
      ? text.done
      : item.status === 'error'
        ? (item.error ?? text.failed)
        : item.status === 'uploading'
          ? `${text.uploading}${typeof item.progress === 'number' ? ` ${Math.round(item.progress)}%` : ''}`
          : '';
  return (
    <li
      data-slot="file-dropzone-item"
      data-status={item.status}
      className="flex items-center gap-3 rounded-md border bg-surface px-3 py-2"
    >
      {item.status === 'done' ? (
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
      ) : item.status === 'error' ? (
        <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-error" />
      ) : (
        <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="truncate font-medium" title={item.name}>
            {item.name}
          </span>
          {item.size !== undefined && (
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {formatFileSize(item.size)}
            </span>
          )}
        </div>
        {item.status === 'uploading' && (
          <Progress value={item.progress ?? null} size="sm" label={`${item.name} ${text.uploading}`} />
        )}
        {statusText && (
          <span
            className={cn(
              'text-xs',
              item.status === 'error' ? 'text-error-subtle-foreground' : 'text-muted-foreground',
            )}
          >
            {statusText}
          </span>
        )}
      </div>
      {onRetry && item.status === 'error' && item.retryable && (
        <Button variant="outline" size="sm" onClick={() => onRetry(item.id)}>
          <RotateCcw aria-hidden="true" />
          {messages.common.retry}
          <span className="sr-only">{text.retry(item.name)}</span>
        </Button>
      )}
      {onRemove && (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={text.remove(item.name)}
          onClick={() => onRemove(item.id)}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
