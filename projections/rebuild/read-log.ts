// The global order read as the projections read it (below the horizon: postgres-read.ts), on a
// given pool or on the switch's own transaction.
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { GlobalPosition, StoredEvent } from '../../infra/eventstore/port.js';
import { readAllBelowHorizon } from '../../infra/eventstore/postgres-read.js';

export function readLog(db: Pool | PoolClient, after: GlobalPosition, limit: number): Promise<StoredEvent[]> {
  const run = async <R extends QueryResultRow>(statement: { name: string; text: string }, values: unknown[]): Promise<R[]> =>
    (await db.query<R>({ text: statement.text, values })).rows;
  return readAllBelowHorizon(run, { after, limit });
}
