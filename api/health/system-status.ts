import type { Pool } from 'pg';
import { COUNT_CAP, projectionLag, type ProjectionLag } from '../../projections/projection-lag.js';

export type { ProjectionLag };

// What the health endpoint and the dashboard's status card report: is the database answering,
// and are the read models caught up with the event log? Projectors read an event only once every
// older transaction that may write events has ended (docs/adr/0001, 0006): an event-writing
// transaction left open (it holds the writer lock) holds every projection back, so its age is
// reported too. Other long transactions do not hold projections back.

export interface SystemStatus {
  status: 'ok' | 'degraded' | 'down';
  database: 'up' | 'down';
  projections: ProjectionLag[];
  /** Age of the oldest event-writing transaction still open (it holds projections back). */
  oldest_transaction_seconds: number | null;
  /** pt-BR sentences saying what is wrong; empty when all is well. */
  problems: string[];
}

/** Lag beyond which the read models count as behind (a healthy system stays well under 1 s). */
export const LAG_TOLERANCE_SECONDS = 5;

export async function systemStatus(db: Pool, projectorNames: string[], toleranceSeconds = LAG_TOLERANCE_SECONDS): Promise<SystemStatus> {
  let projections: ProjectionLag[];
  try {
    projections = await projectionLag(db, projectorNames);
  } catch {
    return { status: 'down', database: 'down', projections: [], oldest_transaction_seconds: null, problems: ['O banco de dados não está respondendo.'] };
  }
  const oldest = await oldestTransactionSeconds(db);
  const problems = projections
    .filter((p) => p.lag_seconds > toleranceSeconds)
    .map((p) => `A projeção ${p.name} está ${p.lag_seconds} s atrasada (${p.lag_events}${p.lag_events >= COUNT_CAP ? '+' : ''} eventos pendentes).`);
  if (problems.length && oldest !== null && oldest > toleranceSeconds) {
    problems.push(`Uma transação que grava eventos está aberta há ${oldest} s no PostgreSQL e segura as projeções; encerre-a.`);
  }
  return { status: problems.length ? 'degraded' : 'ok', database: 'up', projections, oldest_transaction_seconds: oldest, problems };
}

async function oldestTransactionSeconds(db: Pool): Promise<number | null> {
  try {
    // hub_event_writers (migration 0008): sessions of this database holding the writer lock.
    const { rows } = await db.query<{ seconds: number | null }>(
      `SELECT round(extract(epoch FROM now() - min(a.xact_start)))::float8 AS seconds
         FROM hub_event_writers w JOIN pg_stat_activity a ON a.pid = w.pid
        WHERE a.pid <> pg_backend_pid()`,
    );
    return rows[0]?.seconds ?? null;
  } catch {
    return null; // embedded PGlite has no server-wide activity view
  }
}
