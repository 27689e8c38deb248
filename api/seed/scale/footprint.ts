import type { ClientBase } from 'pg';

// How big a seeded database is: the whole database and its largest tables (with their indexes
// and TOAST), row counts as the statistics estimate them (run after ANALYZE).

export interface Footprint {
  databaseBytes: number;
  tables: { name: string; rows: number; bytes: number }[];
}

export async function databaseFootprint(client: ClientBase, limit = 12): Promise<Footprint> {
  const { rows: db } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
  const { rows } = await client.query<{ name: string; rows: string; bytes: string }>(
    `SELECT c.relname AS name, greatest(c.reltuples, 0)::bigint AS rows, pg_total_relation_size(c.oid) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = current_schema()
      ORDER BY pg_total_relation_size(c.oid) DESC LIMIT $1`,
    [limit],
  );
  return {
    databaseBytes: Number(db[0]?.bytes ?? 0),
    tables: rows.map((r) => ({ name: r.name, rows: Number(r.rows), bytes: Number(r.bytes) })),
  };
}

export const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} MB`;
