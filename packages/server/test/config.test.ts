import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authIssuer, ConfigError, loadConfig } from '../src/config';
import { packageRoot, repoRoot } from '../src/paths';

describe('loadConfig', () => {
  it('has zero-config defaults', () => {
    const config = loadConfig({}, '/somewhere');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: join(repoRoot ?? '/somewhere', '.data'),
      demo: true,
      authJwtSecret: null,
      accessTokenTtlSeconds: 900,
      passwordHashCost: 2 ** 17,
      appDistDir: join(packageRoot, '..', 'app', 'dist'),
      google: null,
    });
  });

  it('trusts X-Forwarded-For only as far as the proxies named by TRUST_PROXY', () => {
    expect(loadConfig({}, '/somewhere').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/somewhere').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, '/somewhere').trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'all' }, '/somewhere')).toThrow(/TRUST_PROXY/);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://owner:pw@db.internal:5432/tsumiki',
        TSUMIKI_DATA_DIR: 'var/data',
        TSUMIKI_DEMO: '0',
        AUTH_JWT_SECRET: 's'.repeat(40),
        ACCESS_TOKEN_TTL: '600',
        PASSWORD_HASH_COST: '262144',
        GOOGLE_CLIENT_ID: 'client',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
      '/srv/tsumiki',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://owner:pw@db.internal:5432/tsumiki',
      dataDir: '/srv/tsumiki/var/data',
      demo: false,
      authJwtSecret: 's'.repeat(40),
      accessTokenTtlSeconds: 600,
      passwordHashCost: 2 ** 18,
      google: { clientId: 'client', clientSecret: 'secret', issuerUrl: 'https://accounts.google.com' },
    });
  });

  it('starts safe in production: loopback only, no demo accounts, the built app served', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'tsumiki-config-'));
    try {
      await writeFile(join(dist, 'index.html'), '<!doctype html>');
      const config = loadConfig({ NODE_ENV: 'production', APP_DIST_DIR: dist });
      expect(config).toMatchObject({ host: '127.0.0.1', demo: false, serveApp: true, appDistDir: dist });
      // Both only when asked for explicitly.
      expect(
        loadConfig({ NODE_ENV: 'production', APP_DIST_DIR: dist, HOST: '0.0.0.0', TSUMIKI_DEMO: '1' }),
      ).toMatchObject({ host: '0.0.0.0', demo: true });
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('names the token issuer from PUBLIC_URL, never from a request', () => {
    expect(authIssuer(loadConfig({}, '/x'))).toBe('tsumiki/auth/v1');
    const config = loadConfig({ PUBLIC_URL: 'https://tsumiki.example.jp/' }, '/x');
    expect(config.publicUrl).toBe('https://tsumiki.example.jp');
    expect(authIssuer(config)).toBe('https://tsumiki.example.jp/auth/v1');
    expect(() => loadConfig({ PUBLIC_URL: 'https://tsumiki.example.jp/app' }, '/x')).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ TSUMIKI_DEMO: 'yes' }, '/x')).toThrow(/TSUMIKI_DEMO/);
  });

  it('reads the research web search endpoint, blank as unset', () => {
    expect(loadConfig({}, '/x').researchWebSearchUrl).toBeNull();
    expect(loadConfig({ RESEARCH_WEB_SEARCH_URL: '  ' }, '/x').researchWebSearchUrl).toBeNull();
    expect(
      loadConfig({ RESEARCH_WEB_SEARCH_URL: ' https://search.example.jp/api ' }, '/x').researchWebSearchUrl,
    ).toBe('https://search.example.jp/api');
  });

  it('fails fast, listing every problem in Japanese', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'staging',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        AUTH_JWT_SECRET: 'short',
        GOOGLE_CLIENT_ID: 'only-the-id',
        ACCESS_TOKEN_TTL: '5',
        PASSWORD_HASH_COST: '100000',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems).toHaveLength(7);
    for (const name of [
      'NODE_ENV',
      'PORT',
      'DATABASE_URL',
      'AUTH_JWT_SECRET',
      'GOOGLE_CLIENT_ID',
      'ACCESS_TOKEN_TTL',
      'PASSWORD_HASH_COST',
    ]) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
    expect((error as ConfigError).message).toMatch(/^設定に誤りがあります/);
  });

  it('refuses production without a built app', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_DIST_DIR: '/nonexistent/dist' })).toThrow(
      /index\.html/,
    );
  });
});
