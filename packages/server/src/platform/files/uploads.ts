import type { ValidationIssue } from '../errors';
import type { StagedFile } from './storage';

/**
 * The body a handler of a `multipart/form-data` operation receives (instead of a JSON body). The
 * route layer (platform/http) streams every file part to the staging area *before* the request's
 * tenant transaction opens (a slow upload holds no database connection), collects the text
 * fields, and after the handler settles discards every staged file the handler did not commit.
 * Limits: 20 MB per file (`MAX_FILE_BYTES`), 10 files and 100 MB per request; a file over the
 * limit arrives with `staged.truncated = true` (the handler answers FILE_001 / lists it as failed).
 */
export interface MultipartBody {
  /** Text fields by name, as sent (a repeated name keeps every value, in order). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

export interface UploadedFile {
  /** The form field the file came in (`file`, `files`). */
  field: string;
  /**
   * The name the browser gave as file-names.ts keeps it (no directories, no invisible or bidi
   * control characters, NFC); '' when none was given.
   */
  fileName: string;
  staged: StagedFile;
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/**
 * A text field of the form, given at most once (more is an issue, named with `label`): trimmed
 * and NFC, or undefined when absent or blank. `raw` keeps it as sent but trimmed: JSON text
 * (tags), whose escapes NFC would break (`\r` before a combining mark becomes `\ŕ`).
 */
export function formField(
  body: MultipartBody,
  name: string,
  label: string,
  issues: ValidationIssue[],
  options: { raw?: boolean } = {},
): string | undefined {
  const values = body.fields[name] ?? [];
  if (values.length > 1) issues.push({ field: name, message: `${label}は 1 つだけ指定してください` });
  const value = options.raw ? values[0]?.trim() : values[0]?.normalize('NFC').trim();
  return value === '' ? undefined : value;
}
