// Projection batches send held writes with their values written in as literals
// (projections/batch-statements.ts): PostgreSQL must read back exactly what the parameters carry.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLiterals } from '../../projections/batch-statements.js';
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
        "O'Brien \\ $1 ; DROP TABLE x; -- \" 'quoted' ´`~ açúcar 日本 😀", 2_147_483_647, new Date('2025-03-10T15:00:00.123Z'),
        ['a"b', "c'd", 'e\\f', null, '{g,h}', 'NULL', ''], { nome: "d'Ávila", nested: ['\\', '"'], n: 1.5 },
        '0e5a2c0d-5f7e-4c1b-9a57-0c8f1f2b3c4d', false, null, [1, 2_000_000_000_000], '2025-03-10',
      ],
    };
    const parameterised = await client.query(statement);
    const literal = await client.query(withLiterals(statement));
    expect(literal.rows).toEqual(parameterised.rows);
    expect(literal.rows[0].t).toBe(statement.values[0]);
  });
});
