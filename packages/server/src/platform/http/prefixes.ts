/** Where the two machine-facing parts of the server live; everything else is the app. */
export const API_PREFIX = '/api';
export const AUTH_PREFIX = '/auth/v1';

/** The path of a request target (`/api/customers?search=…` → `/api/customers`), as sent. */
export function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** /api and /auth/v1: tenant data and tokens, answered with no-store and an error body of their own. */
export function isApiOrAuth(path: string): boolean {
  return isUnder(path, API_PREFIX) || isUnder(path, AUTH_PREFIX);
}
