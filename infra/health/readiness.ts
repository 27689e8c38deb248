// What /api/health/ready answers in every role (api, projections, workers): the database
// answers, every migration file is applied, and the role's own loop is running (not draining).
import type { Pool } from 'pg';
import { migrationNames } from '../db/migrate.js';

export type Role = 'api' | 'projections' | 'workers' | 'all-in-one';

export interface Readiness {
  ready: boolean;
  role: Role;
  database: 'up' | 'down';
  migrations: 'done' | 'pending' | 'unknown';
  running: boolean;
  [detail: string]: unknown;
}

export async function readiness(db: Pool, role: Role, running: boolean): Promise<Readiness> {
  let migrations: Readiness['migrations'] = 'unknown';
  try {
    const [names, { rows }] = await Promise.all([migrationNames(), db.query<{ name: string }>('SELECT name FROM pgmigrations')]);
    const applied = new Set(rows.map((row) => row.name));
    migrations = names.every((name) => applied.has(name)) ? 'done' : 'pending';
  } catch {
    return { ready: false, role, database: 'down', migrations, running };
  }
  return { ready: migrations === 'done' && running, role, database: 'up', migrations, running };
}
