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
  /** Text fields by name (a repeated name keeps every value, in order). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

export interface UploadedFile {
  /** The form field the file came in (`file`, `files`). */
  field: string;
  /** The name the browser gave, NFC-normalised, path parts removed; '' when none was given. */
  fileName: string;
  staged: StagedFile;
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_REQUEST_BYTES = 100 * 1024 * 1024;
