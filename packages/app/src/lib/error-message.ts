import { formatValidationErrors, isApiError } from '@tsumiki/api-client';

/** The message of a failed call: the validation list with Japanese labels, or the server's message. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.validationErrors.length > 0)
    return formatValidationErrors(error.validationErrors);
  return error instanceof Error && error.message ? error.message : '操作に失敗しました。';
}
