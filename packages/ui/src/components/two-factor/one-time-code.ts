/**
 * The digits of a typed or pasted one-time code: full-width digits (a Japanese IME's １２３) become
 * ASCII, everything else (spaces, hyphens) is dropped, and at most `length` digits are kept.
 */
export function normalizeOneTimeCode(text: string, length = 6): string {
  return text.normalize('NFKC').replace(/\D/g, '').slice(0, length);
}

/** A setup key in groups of four for typing by hand: `JBSW Y3DP EHPK 3PXP`. */
export function groupSecret(secret: string, size = 4): string {
  const compact = secret.replace(/\s/g, '');
  return compact.match(new RegExp(`.{1,${size}}`, 'g'))?.join(' ') ?? compact;
}
