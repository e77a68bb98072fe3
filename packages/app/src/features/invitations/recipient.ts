/** An invitation without an email: whoever has the link may join. */
export const ANYONE_WITH_LINK = '指定なし（リンクを知っている人）';

/** Who an invitation is for, in words: its email, or 「指定なし（リンクを知っている人）」. */
export function recipientLabel(email: string | null): string {
  return email ?? ANYONE_WITH_LINK;
}
