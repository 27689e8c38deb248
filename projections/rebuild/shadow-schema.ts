// The fresh ("green") tables of a rebuild: a schema `rebuild_<id>` holding an empty copy of every
// projector's table (columns, defaults and CHECK constraints by LIKE … INCLUDING ALL; the indexes
// under their own names, so the swapped tables look exactly like the old ones) and a
// projection_checkpoints of its own. The rebuild's connections put the schema first in their
// search_path, so the projectors' unqualified SQL writes there while the API and the live
// projectors keep the public tables. Only the keys (primary, unique: ON CONFLICT and the
// projectors' lookups need them) exist during the bulk load; the other indexes are built after it.
import type { Pool, PoolClient } from 'pg';

/** Every schema of a rebuild, its leftovers included, starts with this. */
export const REBUILD_SCHEMA_PREFIX = 'rebuild_';

/** The schema a rebuild loads into; ids are lower-case letters, digits and underscores. */
export const shadowSchemaOf = (id: string) => `${REBUILD_SCHEMA_PREFIX}${id}`;
/** Where the replaced (blue) tables go at the switch, until dropped. */
export const retiredSchemaOf = (id: string) => `${REBUILD_SCHEMA_PREFIX}${id}_old`;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
}

interface IndexRow {
  name: string;
  table: string;
  unique: boolean;
  constraint_def: string | null;
  index_def: string;
}

/** The public table's keys and indexes as statements on the shadow table; keys first (early). */
async function indexPlan(client: PoolClient, schema: string, tables: readonly string[]): Promise<{ early: string[]; late: string[] }> {
  const { rows } = await client.query<IndexRow>(
    `SELECT i.relname AS name, t.relname AS table, x.indisunique AS unique,
            pg_get_constraintdef(c.oid) AS constraint_def, pg_get_indexdef(x.indexrelid) AS index_def
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u', 'x')
      WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)
      ORDER BY t.relname, i.relname`,
    [tables],
  );
  const early: string[] = [];
  const late: string[] = [];
  for (const row of rows) {
    const table = `${schema}.${identifier(row.table)}`;
    if (row.constraint_def) {
      early.push(`ALTER TABLE ${table} ADD CONSTRAINT ${identifier(row.name)} ${row.constraint_def}`);
      continue;
    }
    const on = ` ON public.${row.table} `;
    if (!row.index_def.includes(on)) throw new Error(`unexpected index definition: ${row.index_def}`);
    (row.unique ? early : late).push(row.index_def.replace(on, ` ON ${table} `));
  }
  return { early, late };
}

/**
 * Makes the shadow schema with empty tables and their keys; returns the statements that build
 * the remaining indexes (run them after the bulk load, buildLateIndexes).
 */
export async function createShadowSchema(pool: Pool, id: string, tables: readonly string[]): Promise<string[]> {
  const schema = identifier(shadowSchemaOf(id));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${schema}.projection_checkpoints (LIKE public.projection_checkpoints INCLUDING ALL)`);
    for (const table of tables) await client.query(`CREATE TABLE ${schema}.${identifier(table)} (LIKE public.${table} INCLUDING ALL EXCLUDING INDEXES)`);
    const { early, late } = await indexPlan(client, schema, tables);
    for (const statement of early) await client.query(statement);
    await client.query('COMMIT');
    return late;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Builds the indexes left out of the bulk load, then gathers the planner's statistics. */
export async function buildLateIndexes(pool: Pool, id: string, late: readonly string[], tables: readonly string[]): Promise<void> {
  const schema = identifier(shadowSchemaOf(id));
  const client = await pool.connect();
  try {
    // A sort in memory rather than on disk: these run once, on one connection.
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const statement of late) await client.query(statement);
    for (const table of tables) await client.query(`ANALYZE ${schema}.${identifier(table)}`);
  } finally {
    client.release();
  }
}

/**
 * Inside the switch's transaction: the public tables go to the retired schema and the shadow
 * ones take their place (SET SCHEMA moves a table with its indexes and constraints, renaming
 * nothing). Waits for each table's readers to finish (ACCESS EXCLUSIVE), bounded by the
 * transaction's lock_timeout.
 */
export async function swapTables(client: PoolClient, id: string, tables: readonly string[]): Promise<void> {
  const schema = identifier(shadowSchemaOf(id));
  const retired = identifier(retiredSchemaOf(id));
  await client.query(`CREATE SCHEMA ${retired}`);
  for (const table of tables) {
    await client.query(`ALTER TABLE public.${identifier(table)} SET SCHEMA ${retired}`);
    await client.query(`ALTER TABLE ${schema}.${table} SET SCHEMA public`);
  }
}

/** Schemas a rebuild left behind (its own when interrupted, a kept retired one), except `keep`. */
export async function leftoverSchemas(pool: Pool, keep?: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1) AND nspname <> $2 ORDER BY 1`, [
    REBUILD_SCHEMA_PREFIX,
    keep ?? '',
  ]);
  return rows.map((r) => r.name);
}

export async function dropSchema(pool: Pool, schema: string): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS ${identifier(schema)} CASCADE`);
}
