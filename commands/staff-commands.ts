import type { StaffHubsReason, StaffEvent } from '../domain/staff/staff-events.js';
import { staffHubsStreamId } from '../domain/staff/staff-events.js';
import type { StaffState } from '../domain/staff/staff-decide.js';
import { staffDecider } from '../domain/staff/staff-decide.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { existingHubIds } from '../projections/staff/queries.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';

// A staff member's Hub assignments (issue 26 item 7): the whole new set is decided on the
// operator's stream `staff-hubs-{userId}` and appended with its expected version, so two admins
// editing the same operator at once cannot lose each other's change silently (the second decides
// again on the first's set).

export interface StaffHubsResult {
  hubIds: string[];
  events: StaffEvent[];
  /** Log position of the event written; null when the set did not change. */
  position: GlobalPosition | null;
}

export interface StaffHubsChange {
  userId: string;
  /** The operator's role now (read by the caller from the account). */
  role: string;
  /** The whole new set, or a function of the current one (the Hub page adds or removes one). */
  hubIds: readonly string[] | ((current: readonly string[]) => readonly string[]);
  reason?: StaffHubsReason;
  /** Leave out Hubs that do not exist instead of refusing (adopting rows from before the events). */
  skipMissingHubs?: boolean;
}

export function assignStaffHubs(deps: Pick<CommandDeps, 'store' | 'db'>, change: StaffHubsChange, ctx: CommandContext): Promise<StaffHubsResult> {
  const streamId = staffHubsStreamId(change.userId);
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, staffDecider),
    decide: async ({ state, version }) => {
      const asked = typeof change.hubIds === 'function' ? change.hubIds(state.hubIds) : change.hubIds;
      // Which of the Hubs named (now or before) exist: the read model of Hubs, which every Hub
      // write waits for before it answers.
      const existing = await existingHubIds(deps.db, [...new Set([...asked, ...state.hubIds])]);
      const wanted = change.skipMissingHubs ? asked.filter((id) => existing.has(id)) : asked;
      const events = staffDecider.decide(
        {
          type: 'AssignStaffHubs',
          userId: change.userId,
          role: change.role,
          hubIds: wanted,
          existingHubIds: existing,
          by: ctx.actor.id,
          at: ctx.now.toISOString(),
          ...(change.reason ? { reason: change.reason } : {}),
        },
        state,
      );
      const next: StaffState = events.reduce(staffDecider.evolve, state);
      return {
        append: [{ streamId, events, expectedVersion: version }],
        written: (appended) => ({
          hubIds: next.hubIds.filter((id) => existing.has(id)),
          events,
          position: appended?.of(streamId).position ?? null,
        }),
      };
    },
  });
}
