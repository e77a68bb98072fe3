/** Error codes of SPEC section 8 for a file that cannot be taken. */
export type FileErrorCode = 'FILE_TOO_LARGE' | 'INVALID_FILE_TYPE';

export type FileRules = {
  /** MIME types (`application/pdf`), wildcards (`image/*`) or extensions (`.docx`). */
  accept?: readonly string[];
  /** In bytes. */
  maxSize?: number;
};

type FileLike = Pick<File, 'name' | 'size' | 'type'>;

/** Whether a file matches one of the accepted types; no list accepts everything. */
export function isAcceptedFileType(file: FileLike, accept: readonly string[] | undefined): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The first rule a file breaks (type before size), or null. */
export function validateFile(file: FileLike, rules: FileRules): FileErrorCode | null {
  if (!isAcceptedFileType(file, rules.accept)) return 'INVALID_FILE_TYPE';
  if (rules.maxSize !== undefined && file.size > rules.maxSize) return 'FILE_TOO_LARGE';
  return null;
}

/** `512 B`, `320 KB`, `1.5 MB`, `2 GB` (binary units, one decimal under 10). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${units[unit]}`;
}
