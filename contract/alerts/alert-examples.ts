import { EXAMPLE_IDS } from '../shared/example-data.js';
import type { AlertListView, AlertView, ResolveAlertBodyInput } from './alert-schemas.js';

// The examples of the alert endpoints (alert-endpoints.ts): Ana's door at Hub Paulista did not
// open; Carlos Lima, of logistics, acknowledges the alert and resolves it.

const jam = {
  id: '8e3b1c5d-2f7a-8b4c-9d1e-6a0f3c5b7d21',
  kind: 'door_jammed',
  hub_id: 'SP-01',
  hub_name: 'Hub Paulista',
  locker_id: EXAMPLE_IDS.lockerM,
  locker_order: 3,
  reservation_id: EXAMPLE_IDS.reservation,
  source: 'renter',
  occurred_at: '2026-11-27T14:02:00.000Z',
  raised_at: '2026-11-27T14:02:01.000Z',
  status: 'open',
  repeat_count: 0,
  last_occurred_at: '2026-11-27T14:02:00.000Z',
  acknowledged_by: null,
  acknowledged_at: null,
  resolved_by: null,
  resolved_at: null,
  note: null,
} satisfies AlertView;

const carlos = { id: EXAMPLE_IDS.carlos, name: 'Carlos Lima' };
const acknowledged = { ...jam, status: 'acknowledged', acknowledged_by: carlos, acknowledged_at: '2026-11-27T14:05:00.000Z' } satisfies AlertView;
const resolved = {
  ...acknowledged,
  status: 'resolved',
  resolved_by: carlos,
  resolved_at: '2026-11-27T14:30:00.000Z',
  note: 'Trava destravada e testada.',
} satisfies AlertView;

export const alertExamples = {
  list: { response: { alerts: [jam], counts: { open: 1, acknowledged: 0 } } satisfies AlertListView },
  ack: { response: acknowledged },
  resolve: { body: { note: 'Trava destravada e testada.' } satisfies ResolveAlertBodyInput, response: resolved },
};
