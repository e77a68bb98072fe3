import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('DATABASE_APP_DIRECT_URL', () => {
  const owner = 'postgres://owner:secret@127.0.0.1:5432/tsumiki';
  const pooled = 'postgres://tsumiki_app:secret@127.0.0.1:6432/tsumiki';
  const direct = 'postgres://tsumiki_app:secret@127.0.0.1:5432/tsumiki';

  it('is null unless set: the app role connection then serves LISTEN and the job queue too', () => {
    expect(loadConfig({ DATABASE_URL: owner, DATABASE_APP_URL: pooled }).databaseAppDirectUrl).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: owner, DATABASE_APP_URL: pooled, DATABASE_APP_DIRECT_URL: direct })
        .databaseAppDirectUrl,
    ).toBe(direct);
  });

  it('needs the pooled connection it stands beside', () => {
    expect(() => loadConfig({ DATABASE_URL: owner, DATABASE_APP_DIRECT_URL: direct })).toThrow(
      /DATABASE_APP_DIRECT_URL を使うときは DATABASE_APP_URL/,
    );
  });
});
