import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../infra/eventstore/port.js';
import { applyInRuns } from './apply-runs.js';
import { BatchStatements, withLiterals } from './batch-statements.js';

const event = (type: string): StoredEvent => ({
  id: type,
  type,
  data: {},
  metadata: { actor: { id: 'a', role: 'system' }, correlationId: 'c', causationId: null, at: '' },
  streamId: 's',
  streamVersion: 1,
  position: { tx: 1n, seq: 1n },
  recordedAt: '',
});

describe('applyInRuns', () => {
  it('keeps log order: runs go together across ignored events, held writes go before any other event and with the COMMIT', async () => {
    const sent: string[] = [];
    const client = { query: async (sql: string) => void sent.push(sql) } as unknown as PoolClient;
    const batch = new BatchStatements(client);
    const log = ['Booked1', 'Ignored', 'Booked2', 'Paid', 'Booked3', 'Ignored', 'Paid', 'Booked4'].map(event);
    await applyInRuns(batch, log, {
      accepts: (e) => e.type !== 'Ignored',
      together: (e) => e.type.startsWith('Booked'),
      many: (run) => [{ text: 'SELECT $1', values: [run.map((e) => e.type).join('+')] }],
      one: async (c, e) => void (await c.query(`-- ${e.type}`)),
    });
    await batch.send('COMMIT');
    // Held writes run through a statement prepared on this connection the first time it is used.
    const named = sent.map((sql) => sql.replace(/hub_projection_[0-9a-f]{20}_\d+/g, 'P'));
    expect(named).toEqual([
      "PREPARE P AS SELECT $1;\nEXECUTE P('Booked1+Booked2')",
      '-- Paid',
      "EXECUTE P('Booked3')",
      '-- Paid',
      "EXECUTE P('Booked4');\nCOMMIT",
    ]);
  });
});

describe('statements with literals', () => {
  it('writes each value as pg sends it, quoted so that no value can end its literal', () => {
    const sql = withLiterals({
      text: 'SELECT $1::text, $2::int, $3::timestamptz, $4::uuid[], $5::jsonb, $6, $7, $8, $9, $10::text, $11',
      values: [
        "O'Brien \\ $1; DROP TABLE x; --",
        42,
        new Date('2025-03-10T15:00:00.000Z'),
        ['a"b', null],
        { nome: "d'Ávila" },
        null,
        undefined,
        true,
        3.5,
        'dez',
        'onze',
      ],
    });
    expect(sql).toBe(
      "SELECT  E'O''Brien \\\\ $1; DROP TABLE x; --'::text, '42'::int, '2025-03-10T15:00:00.000+00:00'::timestamptz,  E'{\"a\\\\\"b\",NULL}'::uuid[], " +
        "'{\"nome\":\"d''Ávila\"}'::jsonb, NULL, NULL, 'true', '3.5', 'dez'::text, 'onze'",
    );
    expect(() => withLiterals({ text: 'SELECT $2', values: [1] })).toThrow('no parameter $2');
  });
});
