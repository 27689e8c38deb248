import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { CommandContext } from '../../commands/command-handler.js';
import { assignStaffHubs } from '../../commands/staff-commands.js';
import type { StaffHubsReason } from '../../domain/staff/staff-events.js';
import { holdsHubs } from '../../domain/staff/staff-events.js';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { STAFF_WRITE_WAIT_MS } from './staff-write-wait.js';

// Assignments do not outlive the staff role (issue 26 item 7): an account whose role changes away
// from logistics/maintenance, or that is erased, gets an event clearing its set, so the audit
// trail says why each Hub lost it and a rebuild gives the same hub_staff. Users are not
// event-sourced, so no projector could see the role change by itself. (A removed Hub is dropped by
// the projector on HubRemoved instead: one event for every operator at once.)

/** What clearing needs: the store, and how to wait for the projections (the app's `awaitProjections`). */
export interface StaffDeps {
  store: EventStore;
  awaitProjections?: (position: GlobalPosition, timeoutMs?: number) => Promise<boolean>;
}

export async function clearStaffHubs(
  deps: { db: Pool } & StaffDeps,
  userId: string,
  reason: Exclude<StaffHubsReason, 'assigned'>,
  actor: CommandContext['actor'],
  now: Date,
): Promise<void> {
  const ctx: CommandContext = { actor, correlationId: `staff-${reason}-${randomUUID()}`, now };
  const { position } = await assignStaffHubs(deps, { userId, role: 'user', hubIds: [], reason }, ctx);
  // As an admin's assignment does (staff-write-wait.ts): the answer leaves once it counts everywhere.
  if (!position) return;
  const wait = deps.awaitProjections ?? ((at: GlobalPosition, ms?: number) => waitForProjections(deps.db, projectorNames, at, ms ?? STAFF_WRITE_WAIT_MS));
  await wait(position, STAFF_WRITE_WAIT_MS).catch(() => false);
}

/** After a role change: clears the set when the new role holds no Hubs (nothing to append otherwise). */
export async function afterRoleChange(deps: { db: Pool } & StaffDeps, userId: string, role: string, actor: CommandContext['actor'], now: Date) {
  if (!holdsHubs(role)) await clearStaffHubs(deps, userId, 'role_changed', actor, now);
}
