import type { AccessCommand } from '../domain/access/access-decide.js';
import { accessDecider } from '../domain/access/access-decide.js';
import type { AccessState } from '../domain/access/access-events.js';
import { accessStreamId } from '../domain/access/access-events.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { listUserReservations } from '../projections/reservations/queries.js';
import { bookingCacheFor } from './booking-cache.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { stopRotation } from './code-rotation-schedule.js';
import { cancelExpiryJob, runReservationCommand } from './reservation-commands.js';

// Access grants to private Hubs (domain/access): one stream per (Hub, renter). Every write is one
// decision on that stream with its expected version; a request also reads the Hub's own stream
// (through the booking cache, checked by version) for `private` and `autoRegistration`, so a
// Hub made public or self-registering a moment ago is decided on as it is now.

export interface AccessResult {
  hubId: string;
  userId: string;
  state: AccessState;
  /** Whether this command wrote anything (false: it had happened already). */
  changed: boolean;
  position: GlobalPosition | null;
}

/** The grant as its stream tells it: the truth the booking and the access check read. */
export async function readAccess(deps: Pick<CommandDeps, 'store'>, hubId: string, userId: string): Promise<AccessState> {
  return (await readAccessStream(deps, hubId, userId)).state;
}

/** The grant with its stream and version, for a command that appends expecting it unchanged. */
export async function readAccessStream(deps: Pick<CommandDeps, 'store'>, hubId: string, userId: string) {
  const streamId = accessStreamId(hubId, userId);
  const { state, version } = await loadState(deps.store, streamId, accessDecider);
  return { streamId, state, version };
}

export function decideAccess(deps: Pick<CommandDeps, 'store' | 'bookingCache'>, command: AccessCommand, ctx: CommandContext): Promise<AccessResult> {
  const streamId = accessStreamId(command.hubId, command.userId);
  const base = { hubId: command.hubId, userId: command.userId };
  return runCommand(deps.store, ctx, {
    read: async () => {
      const [access, hub] = await Promise.all([
        loadState(deps.store, streamId, accessDecider),
        command.type === 'RequestAccess' ? bookingCacheFor(deps).hubs.load(deps.store, hubStreamId(command.hubId)) : null,
      ]);
      return { access, hub: hub?.state };
    },
    replay: {
      stored: ({ access }) => access.stored,
      answer: (written, { access }) => ({ ...base, state: access.state, changed: false, position: written.at(-1)!.position }),
    },
    decide: ({ access, hub }) => {
      const hubFacts = hub?.status === 'registered' ? { private: hub.details.private, autoRegistration: hub.details.autoRegistration } : null;
      const decided = command.type === 'RequestAccess' ? { ...command, hub: hubFacts } : command;
      const events = accessDecider.decide(decided, access.state);
      const state = events.reduce(accessDecider.evolve, access.state);
      return {
        append: [{ streamId, events, expectedVersion: access.version }],
        written: (appended) => ({ ...base, state, changed: appended !== null, position: appended?.of(streamId).position ?? null }),
      };
    },
  });
}

export const CANCELLED_BY_REVOCATION = 'Acesso ao Hub revogado';

/**
 * Revokes a grant, then cancels the renter's reservations at that Hub that have not begun, and
 * any still unpaid: a running, paid one is left to end (the renter is inside the locker's window).
 * Nothing else of theirs changes. Which reservations comes from the read model, each confirmed by
 * its own stream's decider (a closed one decides nothing).
 */
export async function revokeAccess(
  deps: CommandDeps,
  input: { hubId: string; userId: string; by: string },
  ctx: CommandContext,
): Promise<AccessResult & { cancelled: string[] }> {
  const result = await decideAccess(deps, { type: 'RevokeAccess', ...input, now: ctx.now }, ctx);
  const cancelled: string[] = [];
  if (!result.changed) return { ...result, cancelled };
  const nowMs = ctx.now.getTime();
  const rows = await listUserReservations(deps.db, input.userId);
  const future = rows.filter(
    (r) => r.hub_id === input.hubId && (r.status === 'pending' || (r.status === 'active' && new Date(r.start_time).getTime() > nowMs)),
  );
  for (const r of future) {
    const ended = await runReservationCommand(deps, r.id, () => ({ type: 'CancelReservation', reason: CANCELLED_BY_REVOCATION, by: 'hub', now: ctx.now }), ctx);
    if (ended.events.length === 0) continue;
    cancelled.push(r.id);
    await cancelExpiryJob(deps, r.id);
    await stopRotation(deps.queue, r.id).catch((err: unknown) => deps.log.warn({ err, reservationId: r.id }, 'could not stop code rotation'));
  }
  return { ...result, cancelled };
}
