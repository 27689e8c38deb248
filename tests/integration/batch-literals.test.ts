// Projection batches send held writes with their values written in as literals, through
// statements prepared once per connection (projections/batch-statements.ts): PostgreSQL must read
// back exactly what the parameters carry, and plan each statement once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeWithLiterals, withLiterals } from '../../projections/batch-statements.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';

describe('statements with literals, on PostgreSQL', () => {
  let database: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('reads back every value as the parameterised statement does', async () => {
    const statement = {
      text: `SELECT $1::text AS t, $2::int4 AS i, $3::timestamptz AS at, $4::text[] AS arr, $5::jsonb AS j, $6::uuid AS u, $7::bool AS b,
                    $8::text AS nothing, $9::int8[] AS big, $10::date AS d`,
      values: [
        "O'Brien \\ $1 ; DROP TABLE x; -- \" 'quoted' ´`~ açúcar 日本 😀",
        2_147_483_647,
        new Date('2025-03-10T15:00:00.123Z'),
        ['a"b', "c'd", 'e\\f', null, '{g,h}', 'NULL', ''],
        { nome: "d'Ávila", nested: ['\\', '"'], n: 1.5 },
        '0e5a2c0d-5f7e-4c1b-9a57-0c8f1f2b3c4d',
        false,
        null,
        [1, 2_000_000_000_000],
        '2025-03-10',
      ],
    };
    const parameterised = await client.query(statement);
    const literal = await client.query(withLiterals(statement));
    expect(literal.rows).toEqual(parameterised.rows);
    expect(literal.rows[0].t).toBe(statement.values[0]);

    // The same through a prepared statement: PREPARE on first use, EXECUTE with literals after.
    const first = executeWithLiterals(client, statement);
    expect(first).toMatch(/^PREPARE hub_projection_\w+ AS /);
    const results = (await client.query(first)) as unknown as pg.QueryResult[];
    expect(results[1]!.rows).toEqual(parameterised.rows);
    const again = executeWithLiterals(client, statement);
    expect(again).toMatch(/^EXECUTE hub_projection_\w+\(/);
    expect((await client.query(again)).rows).toEqual(parameterised.rows);
  });

  it('plans a statement once per connection, under a name no other connection uses', async () => {
    const statement = { text: 'SELECT count(*)::int AS n FROM unnest($1::int[]) AS u(v) WHERE v > $2::int', values: [[1, 2, 3], 1] };
    for (let i = 0; i < 8; i++) {
      const result = (await client.query(executeWithLiterals(client, statement))) as pg.QueryResult | pg.QueryResult[];
      expect((Array.isArray(result) ? result.at(-1)! : result).rows).toEqual([{ n: 2 }]); // PREPARE's result comes first
    }
    const { rows } = await client.query<{ name: string; plans: number; generic: number }>(
      `SELECT name, (generic_plans + custom_plans)::int AS plans, generic_plans::int AS generic FROM pg_prepared_statements WHERE statement LIKE '%unnest($1::int[])%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.plans).toBe(8);
    expect(rows[0]!.generic).toBeGreaterThan(0); // the plan is kept, not made again for each batch

    // Another connection (e.g. the next one on embedded PGlite, whose connections share a session
    // where a dropped connection's statements stay) prepares its own.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      const sql = executeWithLiterals(other, statement);
      expect(sql).toMatch(/^PREPARE /);
      expect(sql.match(/hub_projection_\w+/)?.[0]).not.toBe(rows[0]!.name);
    } finally {
      await other.end();
    }
  });
});
