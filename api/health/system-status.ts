import type { Pool } from 'pg';
import { COUNT_CAP, projectionLag, type ProjectionLag } from '../../projections/projection-lag.js';
import { readStops, type ProjectorStop } from '../../projections/projector-stops.js';
import { formatDateTime } from '../history/history-format.js';

export type { ProjectionLag };

// What the health endpoint and the dashboard's status card report: is the database answering,
// and are the read models caught up with the event log? Projectors read an event only once every
// older transaction that may write events has ended (docs/adr/0001, 0006): an event-writing
// transaction left open (it holds the writer lock) holds every projection back, so its age is
// reported too. Other long transactions do not hold projections back. A projector stopped at an
// event it cannot apply (projections/projector-stops.ts) is named with the event and the reason.

export interface SystemStatus {
  status: 'ok' | 'degraded' | 'down';
  database: 'up' | 'down';
  projections: ProjectionLag[];
  /** Projectors stopped at an event they cannot apply, until `npm run projections:resume`. */
  stopped: ProjectorStop[];
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
    return {
      status: 'down',
      database: 'down',
      projections: [],
      stopped: [],
      oldest_transaction_seconds: null,
      problems: ['O banco de dados não está respondendo.'],
    };
  }
  const [oldest, stopped] = await Promise.all([oldestTransactionSeconds(db), readStops(db, projectorNames).catch(() => [])]);
  const stoppedNames = new Set(stopped.map((stop) => stop.name));
  const problems = stopped.map(stopSentence);
  const behind = projections
    .filter((p) => p.lag_seconds > toleranceSeconds && !stoppedNames.has(p.name))
    .map((p) => `A projeção ${p.name} está ${p.lag_seconds} s atrasada (${p.lag_events}${p.lag_events >= COUNT_CAP ? '+' : ''} eventos pendentes).`);
  problems.push(...behind);
  if (behind.length && oldest !== null && oldest > toleranceSeconds) {
    problems.push(`Uma transação que grava eventos está aberta há ${oldest} s no PostgreSQL e segura as projeções; encerre-a.`);
  }
  return { status: problems.length ? 'degraded' : 'ok', database: 'up', projections, stopped, oldest_transaction_seconds: oldest, problems };
}

/** 'A projeção hubs parou no evento LockerInstalled (…) em 25/11/2026 14:00: integer out of range. Corrija…' */
export function stopSentence(stop: ProjectorStop): string {
  return (
    `A projeção ${stop.name} parou no evento ${stop.event_type} (id ${stop.event_id}, fluxo ${stop.stream_id}, posição ${stop.position}) ` +
    `em ${formatDateTime(stop.stopped_at)}: ${stop.error}${stop.error_code ? ` (${stop.error_code})` : ''}. ` +
    `Corrija a causa e retome com npm run projections:resume -- ${stop.name} (README, "A stopped projector").`
  );
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
