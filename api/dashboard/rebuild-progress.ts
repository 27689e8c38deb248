// The system status's line about a projections rebuild running now: the latest 'running' row of
// projection_rebuilds whose run still holds the one-rebuild lock (a run that died left its row
// 'running' but its lock went with its connection: projections/rebuild/rebuild-runs.ts).
import type { Pool } from 'pg';
import type { RebuildProgressView } from '../../contract/dashboard/dashboard-schemas.js';
import { REBUILD_LOCK_CLASS } from '../../projections/rebuild/rebuild-runs.js';

const PHASES: Record<RebuildProgressView['phase'], string> = {
  replaying: '',
  indexing: ' — criando os índices',
  switching: ' — trocando as tabelas',
  done: ' — concluída',
};

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 'Reconstrução das projeções: 45% — 120.000 eventos/s — faltam ~2 min' (pure). */
export function rebuildText(p: Omit<RebuildProgressView, 'text'>): string {
  const parts = [`Reconstrução das projeções: ${p.percent}%`];
  if (p.events_per_second !== null) parts.push(`${count.format(p.events_per_second)} eventos/s`);
  if (p.phase === 'replaying') parts.push(p.eta_seconds === null ? 'calculando o tempo restante' : `faltam ${remaining(p.eta_seconds)}`);
  return parts.join(' — ') + PHASES[p.phase];
}

function remaining(seconds: number): string {
  if (seconds < 60) return `~${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 5_400) return `~${Math.round(seconds / 60)} min`;
  return `~${Math.round(seconds / 3_600)} h`;
}

export async function runningRebuild(db: Pool): Promise<RebuildProgressView | null> {
  const { rows } = await db.query<{
    phase: RebuildProgressView['phase'];
    applied: string;
    target: string;
    events_per_second: number | null;
    eta_seconds: number | null;
  }>(
    `SELECT r.phase, r.applied, r.target, r.events_per_second, r.eta_seconds
       FROM projection_rebuilds r
      WHERE r.status = 'running'
        AND EXISTS (SELECT 1 FROM pg_locks l
                     WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::bigint::oid AND l.objid = 0 AND l.objsubid = 2
                       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
      ORDER BY r.started_at DESC LIMIT 1`,
    [REBUILD_LOCK_CLASS],
  );
  const row = rows[0];
  if (!row) return null;
  const applied = Number(row.applied);
  const target = Math.max(Number(row.target), applied);
  const view = {
    phase: row.phase,
    percent: target > 0 ? Math.min(100, Math.floor((applied / target) * 100)) : 0,
    events_per_second: row.events_per_second,
    eta_seconds: row.eta_seconds,
  };
  return { ...view, text: rebuildText(view) };
}
