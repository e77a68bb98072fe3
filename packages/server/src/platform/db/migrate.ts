import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { migrationsDir } from '../../paths';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

function label(migration: Migration): string {
  return `${String(migration.version).padStart(4, '0')}_${migration.name}`;
}

export async function readMigrations(dir: string = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`マイグレーションのファイル名が不正です: ${file}（NNNN_name.sql）`);
    const sql = await readFile(join(dir, file), 'utf8');
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  const versions = new Set(migrations.map((migration) => migration.version));
  if (versions.size !== migrations.length) throw new Error('同じ番号のマイグレーションが複数あります');
  return migrations;
}

/**
 * Applies pending migrations in order, each in its own transaction. The caller holds the
 * bootstrap advisory lock, so concurrent server processes apply each migration exactly once.
 */
export async function migrate(client: pg.ClientBase, dir: string = migrationsDir): Promise<MigrationResult> {
  await client.query(`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
    'select version, name, checksum from schema_migrations order by version',
  );
  const applied = new Map(rows.map((row) => [row.version, row]));
  const result: MigrationResult = { applied: [], alreadyApplied: 0 };

  for (const migration of await readMigrations(dir)) {
    const done = applied.get(migration.version);
    if (done) {
      // An applied migration that changed would leave databases with different schemas.
      if (done.checksum !== migration.checksum) {
        throw new Error(
          `適用済みのマイグレーション ${label(migration)} が変更されています。新しい番号のファイルで変更してください。`,
        );
      }
      result.alreadyApplied += 1;
      continue;
    }
    await client.query('begin');
    try {
      await client.query(migration.sql);
      await client.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`マイグレーション ${label(migration)} に失敗しました`, { cause: error });
    }
    result.applied.push(label(migration));
  }
  return result;
}
