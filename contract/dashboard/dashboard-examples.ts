import type { DashboardStatsView, DashboardSummaryView } from './dashboard-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// The examples of the dashboard endpoints in the API reference (dashboard-endpoints.ts).

const summary = {
  hubs: { total: 1 },
  lockers: { total: 2, active: 2, inactive: 0 },
  operators: {
    total: 2,
    list: [
      { id: EXAMPLE_IDS.admin, name: 'Beatriz Almeida', email: 'admin@example.com', role: 'admin', is_master: true },
      { id: EXAMPLE_IDS.carlos, name: 'Carlos Lima', email: 'carlos@example.com', role: 'logistics', is_master: false },
    ],
  },
  status: { status: 'ok', label: 'Online', problems: [], rebuild: null },
} satisfies DashboardSummaryView;

/** Two lockers open 24 h give 48 capacity hours a day; R$ 15,00 booked on the 27th. */
const stats = {
  days: [
    { date: '2026-11-26', booked_hours: 0, capacity_hours: 48, occupancy_pct: 0, revenue_cents: 0 },
    { date: '2026-11-27', booked_hours: 2, capacity_hours: 48, occupancy_pct: 4.2, revenue_cents: 1500 },
  ],
} satisfies DashboardStatsView;

export const dashboardExamples = {
  getDashboardSummary: { response: summary },
  getDashboardStats: { response: stats },
};
