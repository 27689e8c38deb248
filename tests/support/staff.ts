import { randomUUID } from 'node:crypto';
import { assignStaffHubs } from '../../commands/staff-commands.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import type { TestApp } from './test-app.js';
import { waitUntil } from './test-app.js';

// Staff assignments are events (issue 26): tests give an operator Hubs through the command, as
// the admin's PUT /api/operators/{id}/hubs does, and wait until hub_staff shows them.

export async function assignStaff(t: Pick<TestApp, 'db' | 'store'>, userId: string, hubIds: string[]): Promise<void> {
  // Hubs registered straight through the store may not be projected yet; the decider asks rm_hubs.
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_hubs WHERE id = ANY($1::text[])', [hubIds])).rowCount === hubIds.length);
  const { rows } = await t.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  const ctx = { actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), now: new Date() };
  const result = await assignStaffHubs(t, { userId, role: rows[0]?.role ?? 'user', hubIds }, ctx);
  if (result.position && !(await waitForProjections(t.db, projectorNames, result.position, 10_000))) throw new Error('staff projection did not catch up');
}
