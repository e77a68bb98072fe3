import { isApiError } from '@tsumiki/api-client';

/** The longest reason the contract takes (CustomerUseStopRequest, CustomerErasureRequest). */
export const REQUEST_REASON_MAX = 1000;

/** What to say when a request failed: the server's Japanese message (and its items), else `fallback`. */
export function requestFailure(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const items = error.validationErrors.map((entry) => entry.message);
  return items.length > 0 ? items.join('\n') : error.message || fallback;
}

/** Names compared as a person types them: width and spaces do not count (the server's rule too). */
export function sameName(typed: string, shown: string): boolean {
  const comparable = (name: string) => name.normalize('NFKC').replace(/\s+/g, '');
  return typed.trim() !== '' && comparable(typed) === comparable(shown);
}
