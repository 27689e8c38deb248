import type { AssignedHubView, HubStaffMemberView, StaffHubsBodyInput } from './staff-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// The examples of the staff endpoints in the API reference (staff-endpoints.ts): Carlos Lima, of
// logistics, works Hub Paulista (SP-01) and is given Hub Savassi (BH-02) too.

const paulista = { id: 'SP-01', name: 'Hub Paulista', city: 'São Paulo', assigned_at: '2026-11-20T12:00:00.000Z' } satisfies AssignedHubView;
const savassi = { id: 'BH-02', name: 'Hub Savassi', city: 'Belo Horizonte', assigned_at: '2026-11-27T14:00:00.000Z' } satisfies AssignedHubView;

const carlos = {
  id: EXAMPLE_IDS.carlos,
  name: 'Carlos Lima',
  email: 'carlos@example.com',
  role: 'logistics',
  assigned_at: '2026-11-20T12:00:00.000Z',
} satisfies HubStaffMemberView;

export const staffExamples = {
  operatorHubs: { response: [paulista] },
  setOperatorHubs: { body: { hub_ids: ['SP-01', 'BH-02'] } satisfies StaffHubsBodyInput, response: [savassi, paulista] },
  hubStaff: { response: [carlos] },
  addHubStaff: { response: [carlos] },
  removeHubStaff: { response: [] as HubStaffMemberView[] },
};
