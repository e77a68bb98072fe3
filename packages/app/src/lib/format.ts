const countFormat = new Intl.NumberFormat('ja-JP');

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** The first instant of the current month in local time, as ISO 8601. */
export function startOfMonth(now: Date = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
}

/** A same-origin path to return to after sign-in, or '/' for anything else. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
