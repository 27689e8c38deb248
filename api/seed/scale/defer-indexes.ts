import type { ClientBase } from 'pg';

// Indexes and unique constraints set aside while a bulk load fills a table, and built again after.

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Drops a table's indexes and unique constraints, whatever the schema names them, and
 * returns what puts them back: millions of rows load several times faster into a bare heap, and
 * one sorted build per index beats millions of random inserts into indexes larger than memory.
 */
export async function deferIndexes(client: ClientBase, table: string): Promise<() => Promise<void>> {
  const { rows: constraints } = await client.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x') ORDER BY contype, conname`,
    [table],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
      WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  for (const constraint of constraints) await client.query(`ALTER TABLE ${quoted(table)} DROP CONSTRAINT ${quoted(constraint.name)}`);
  let restored = false;
  return async () => {
    if (restored) return;
    restored = true;
    await client.query("SET maintenance_work_mem = '512MB'");
    for (const constraint of constraints) await client.query(`ALTER TABLE ${quoted(table)} ADD CONSTRAINT ${quoted(constraint.name)} ${constraint.def}`);
    for (const index of indexes) await client.query(index.def);
    await client.query('RESET maintenance_work_mem');
  };
}
