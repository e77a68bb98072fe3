// Filling a table of whatever schema the measured server has: its columns read from the catalog,
// the rows sent as one array per column (one statement per batch, few round trips).

/** Columns of a table as the owner sees them (the schema is the server's, whatever its version). */
export async function columnsOf(client, tableName) {
  const { rows } = await client.query(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, a.atthasdef as has_default,
            a.attgenerated <> '' as generated, a.attidentity <> '' as identity
       from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [tableName],
  );
  return rows;
}

/**
 * Inserts rows (objects keyed by column name) through `insert … select … from unnest($1::t[], …)`:
 * one statement per batch, so statement-level triggers (row counts, search terms) see the batch
 * at once. Only columns the table has are written; a required column we cannot fill is an error.
 */
export async function bulkInsert(client, tableName, rows, batchSize, progress = () => {}) {
  if (rows.length === 0) return;
  const columns = await columnsOf(client, tableName);
  const provided = new Set(Object.keys(rows[0]));
  const missing = columns.filter(
    (c) => c.not_null && !c.has_default && !c.generated && !c.identity && !provided.has(c.name),
  );
  if (missing.length > 0) {
    throw new Error(
      `${tableName} の必須の列にベンチのデータがありません: ${missing.map((c) => c.name).join(', ')}（bench/lib/data.mjs を更新してください）`,
    );
  }
  const used = columns.filter((c) => provided.has(c.name) && !c.generated);
  const SEPARATOR = '\u001f';
  const casts = used.map((c, i) => (c.type.endsWith('[]') ? `$${i + 1}::text[]` : `$${i + 1}::${c.type}[]`));
  const exprs = used.map((c, i) =>
    c.type.endsWith('[]') ? `string_to_array(u.c${i}, chr(31))::${c.type}` : `u.c${i}`,
  );
  const text = `insert into ${tableName} (${used.map((c) => `"${c.name}"`).join(', ')})
    select ${exprs.join(', ')} from unnest(${casts.join(', ')}) as u(${used.map((_, i) => `c${i}`).join(', ')})`;
  // One batch after the other: the statement triggers of the newer schemas (row counts, then search
  // terms) lock the tenant's counter row until commit, so parallel batches would only queue.
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const values = used.map((c) =>
      batch.map((row) => {
        const value = row[c.name];
        if (value === null || value === undefined) return null;
        if (value instanceof Date) return value.toISOString();
        if (Array.isArray(value)) return value.join(SEPARATOR);
        return value;
      }),
    );
    await client.query(text, values);
    progress(Math.min(rows.length, start + batchSize), rows.length);
  }
}
