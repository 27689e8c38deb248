import type { CommandDeps } from '../../commands/deps.js';
import type { CommandContext } from '../../commands/command-handler.js';
import { assignStaffHubs } from '../../commands/staff-commands.js';
import { dropLegacyStaffRows, legacyStaffRows } from '../../projections/staff/queries.js';
import { findUserById } from '../auth/users.js';

// Migration 0029 moved the hub_staff rows written before assignments were events (the demo seed
// wrote them directly) to hub_staff_legacy. Each API start turns what is left there into
// StaffHubsAssigned events (the union with whatever the stream already holds), through the command
// handler, then drops the rows: after that the log alone rebuilds hub_staff. Concurrent starts are
// safe: the append's expected version settles who writes, and the union writes nothing twice.

export async function adoptLegacyStaff(deps: Pick<CommandDeps, 'db' | 'store' | 'clock' | 'log'>): Promise<void> {
  const legacy = await legacyStaffRows(deps.db);
  for (const { user_id: userId, hub_ids: hubIds } of legacy) {
    const user = await findUserById(deps.db, userId);
    if (user) {
      const ctx: CommandContext = { actor: { id: 'system', role: 'system' }, correlationId: `adopt-staff-${userId}`, now: deps.clock() };
      // Hubs removed since (or never registered) are dropped by existence, not refused.
      await assignStaffHubs(deps, { userId, role: user.role, hubIds: (current) => [...current, ...hubIds], skipMissingHubs: true }, ctx).catch((err: unknown) =>
        deps.log.warn({ err, userId }, 'legacy staff assignment not adopted'),
      );
    }
    await dropLegacyStaffRows(deps.db, userId);
  }
}
