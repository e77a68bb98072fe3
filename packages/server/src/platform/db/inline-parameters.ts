import { escapeLiteral } from 'pg';
// pg's own conversion of a bound value to the text it sends (dates, arrays, JSON, …).
import { prepareValue } from 'pg/lib/utils.js';

/**
 * The statement with its `$n` placeholders replaced by the values as quoted literals, or
 * undefined when that cannot be done safely (a binary value, a `$` that is not a placeholder such
 * as a dollar-quoted string, a comment, or a `;` that would start another statement).
 *
 * Each value becomes exactly the text pg would have bound for it (prepareValue), quoted with pg's
 * escapeLiteral; an untyped literal and an untyped parameter resolve to the same type in
 * PostgreSQL, so the statement means the same. The scan skips string literals and quoted names,
 * so a `$1` inside one is left alone.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const value of values) {
    const prepared: unknown = prepareValue(value);
    if (prepared === null || prepared === undefined) literals.push('NULL');
    else if (typeof prepared === 'string') literals.push(escapeLiteral(prepared));
    else return undefined;
  }
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "'" || char === '"') {
      const close = text.indexOf(char, i + 1);
      if (close < 0) return undefined;
      // A doubled quote inside continues the literal; indexOf finds its first half, and the scan
      // resumes right after it, landing on the second half as a new "opening" that closes at once.
      i = close + 1;
      continue;
    }
    if ((char === '-' && text[i + 1] === '-') || (char === '/' && text[i + 1] === '*')) return undefined;
    // A second statement would shift the batch's results: such text runs on its own.
    if (char === ';') return undefined;
    if (char === '$') {
      const match = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!match) return undefined;
      const literal = literals[Number(match[1]) - 1];
      if (literal === undefined) return undefined;
      out += `${text.slice(from, i)}${literal}`;
      i += match[0].length;
      from = i;
      continue;
    }
    i += 1;
  }
  return out + text.slice(from);
}
