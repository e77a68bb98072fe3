import { describe, expect, it } from 'vitest';
import { inlineParameters } from './inline-parameters';

describe('inlineParameters', () => {
  it('writes each value as the literal pg would have bound, NULL for null', () => {
    expect(inlineParameters('select * from t where a = $1 and b = $2 limit $3', ["o'hara", null, 20])).toBe(
      "select * from t where a = 'o''hara' and b = NULL limit '20'",
    );
  });

  it('replaces $10 as itself, not as $1 followed by 0', () => {
    const values = Array.from({ length: 10 }, (_, index) => `v${index + 1}`);
    expect(inlineParameters('select $10, $1', values)).toBe("select 'v10', 'v1'");
  });

  it('leaves $n inside string literals and quoted names alone', () => {
    expect(inlineParameters(`select 'it''s $1', "a$1" from t where x = $1`, ['y'])).toBe(
      `select 'it''s $1', "a$1" from t where x = 'y'`,
    );
  });

  it('quotes arrays, dates and backslashes as pg sends them', () => {
    const text = inlineParameters('select $1, $2, $3', [['a', 'b"'], new Date(0), 'a\\b']);
    expect(text).toMatch(
      /^select {1,2}E'\{"a","b\\\\""\}', '19\d\d-\d\d-\d\dT\d\d:\d\d:00\.000[+-]\d\d:\d\d', {1,2}E'a\\\\b'$/,
    );
  });

  it('refuses what it cannot write safely: bytes, dollar quotes, comments, a second statement', () => {
    expect(inlineParameters('select $1', [Buffer.from('x')])).toBeUndefined();
    expect(inlineParameters('select $$x$$', [])).toBeUndefined();
    expect(inlineParameters('select 1 -- $1', ['x'])).toBeUndefined();
    expect(inlineParameters('select 1; drop table t', [])).toBeUndefined();
    expect(inlineParameters('select $2', ['only one'])).toBeUndefined();
  });
});
