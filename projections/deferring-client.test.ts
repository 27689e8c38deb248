// A write-only projector's statements (Projector.writeOnly) are held and sent together.
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { BatchStatements, deferringClient } from './batch-statements.js';

describe('deferringClient', () => {
  it('holds each statement, answers with no rows, and sends them in order in one round trip', async () => {
    const sent: string[] = [];
    const connection = { query: async (sql: string) => void sent.push(sql) } as unknown as PoolClient;
    const batch = new BatchStatements(connection);
    const client = deferringClient(batch);
    const answer = await client.query('INSERT INTO t (a, b) VALUES ($1, $2)', ['x', { k: 1 }]);
    await client.query('DELETE FROM t WHERE a = $1', ["o'brien"]);
    expect(answer.rows).toEqual([]);
    expect(sent).toEqual([]);
    await batch.send('COMMIT');
    expect(sent).toHaveLength(1);
    const [sql] = sent;
    expect(sql).toMatch(/PREPARE hub_projection_\w+ AS INSERT INTO t \(a, b\) VALUES \(\$1, \$2\);\nEXECUTE hub_projection_\w+\('x', '\{"k":1\}'\)/);
    expect(sql).toContain('EXECUTE');
    expect(sql).toContain("('o''brien')");
    expect(sql!.indexOf('INSERT')).toBeLessThan(sql!.indexOf('DELETE'));
    expect(sql).toMatch(/COMMIT$/);
  });

  it('refuses a query given as an object (its result could be read)', () => {
    const client = deferringClient(new BatchStatements({} as PoolClient));
    expect(() => client.query({ text: 'SELECT 1' } as never)).toThrow(/write-only/);
  });
});
