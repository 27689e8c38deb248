import type { ReadinessView, SystemStatusView } from './health-schemas.js';

// The examples of the health endpoints in the API reference (health-endpoints.ts).

/** What an admin reads while the history projection catches up; anyone else gets { status } alone. */
const status = {
  status: 'degraded',
  database: 'up',
  projections: [
    { name: 'hubs', lag_events: 0, lag_seconds: 0 },
    { name: 'locker_history', lag_events: 420, lag_seconds: 75.4 },
  ],
  stopped: [],
  oldest_transaction_seconds: null,
  problems: ['A projeção locker_history está 75.4 s atrasada (420 eventos pendentes).'],
} satisfies SystemStatusView;

const ready = { ready: true, role: 'api', database: 'up', migrations: 'done', running: true } satisfies ReadinessView;

export const healthExamples = {
  getHealth: { response: status },
  getLiveness: { response: { status: 'ok' } },
  getReadiness: { response: ready },
};
