import type { HubCommand } from '../domain/hubs/hub-decide.js';
import type { HubEvent, LockerChanges, LockerStatus } from '../domain/hubs/hub-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import type { HubCommandResult, NewLocker } from './hub-admin-commands.js';
import { newLockerId, runHubCommands } from './hub-admin-commands.js';
import { futureReservationIds } from '../projections/reservations/command-queries.js';
import type { MovedReservation, UnmovedReservation } from './move-reservations.js';
import { moveFutureReservations } from './move-reservations.js';

// The administration of a Hub's lockers: install, change, remove, activate and deactivate.
// Deactivating a locker then moves its future reservations to free lockers of the same size
// (move-reservations.ts); the ones no locker could take are reported.

export interface LockerMoves {
  moved: MovedReservation[];
  unmoved: UnmovedReservation[];
  /** The last move's log position; null when nothing moved. */
  movesPosition: GlobalPosition | null;
}

export type LockerCommandResult = HubCommandResult & LockerMoves & { lockerId: string };

const NO_MOVES: LockerMoves = { moved: [], unmoved: [], movesPosition: null };

export async function installLocker(
  deps: Pick<CommandDeps, 'store' | 'bookingCache'>,
  hubId: string,
  locker: NewLocker,
  ctx: CommandContext,
): Promise<LockerCommandResult> {
  const lockerId = newLockerId(ctx, hubId);
  const result = await runHubCommands(deps, hubId, () => [{ type: 'InstallLocker', lockerId, ...locker }], ctx);
  return { ...result, ...NO_MOVES, lockerId };
}

export interface LockerChange {
  hubId: string;
  lockerId: string;
  changes: LockerChanges;
  /** Activates or deactivates it in the same append. */
  status?: LockerStatus;
}

/** Changes a locker's fields and, if asked, its status, in one append. */
export async function changeLocker(deps: CommandDeps, change: LockerChange, ctx: CommandContext): Promise<LockerCommandResult> {
  const { hubId, lockerId, changes, status } = change;
  const commands: HubCommand[] = [];
  if (Object.keys(changes).length > 0) commands.push({ type: 'ChangeLocker', lockerId, changes });
  if (status) commands.push({ type: status === 'Ativo' ? 'ActivateLocker' : 'DeactivateLocker', lockerId });
  // Nothing asked still checks that the Hub and the locker exist.
  if (commands.length === 0) commands.push({ type: 'ChangeLocker', lockerId, changes: {} });
  const result = await runHubCommands(deps, hubId, () => commands, ctx);
  return { ...result, ...(await movesAfter(deps, result, lockerId, ctx)), lockerId };
}

/** Ativo ↔ Inativo. */
export async function toggleLocker(deps: CommandDeps, at: { hubId: string; lockerId: string }, ctx: CommandContext): Promise<LockerCommandResult> {
  const result = await runHubCommands(
    deps,
    at.hubId,
    (state) => {
      const locker = state.status === 'registered' ? state.lockers.find((l) => l.lockerId === at.lockerId) : undefined;
      // An unknown Hub or locker: the decider refuses either command alike.
      return [{ type: locker?.status === 'Inativo' ? 'ActivateLocker' : 'DeactivateLocker', lockerId: at.lockerId }];
    },
    ctx,
  );
  return { ...result, ...(await movesAfter(deps, result, at.lockerId, ctx)), lockerId: at.lockerId };
}

/**
 * Takes a locker out of service for a reason (issue 29: a renter's door that did not open):
 * deactivated, unless it already is, and then, as an admin's deactivation, its reservations move.
 */
export async function takeLockerOutOfService(
  deps: CommandDeps,
  at: { hubId: string; lockerId: string; reason: string },
  ctx: CommandContext,
): Promise<LockerCommandResult> {
  const result = await runHubCommands(deps, at.hubId, () => [{ type: 'DeactivateLocker', lockerId: at.lockerId, reason: at.reason }], ctx);
  return { ...result, ...(await movesAfter(deps, result, at.lockerId, ctx)), lockerId: at.lockerId };
}

/**
 * Removes a locker (the ones after it are renumbered) unless it holds future pending or active
 * reservations. `alsoOpen`: reservations the caller knows of that the read model may not show yet.
 */
export async function removeLocker(
  deps: Pick<CommandDeps, 'store' | 'bookingCache' | 'db'>,
  at: { hubId: string; lockerId: string },
  ctx: CommandContext,
  alsoOpen: Iterable<string> = [],
): Promise<LockerCommandResult> {
  const open = new Set([...(await futureReservationIds(deps.db, { lockerId: at.lockerId }, ctx.now)), ...alsoOpen]);
  const result = await runHubCommands(deps, at.hubId, () => [{ type: 'RemoveLocker', lockerId: at.lockerId, futureReservations: open.size }], ctx);
  return { ...result, ...NO_MOVES, lockerId: at.lockerId };
}

const deactivates = (lockerId: string) => (event: HubEvent) => event.type === 'LockerDeactivated' && event.data.lockerId === lockerId;

/**
 * Once the deactivation is in the log (no booking can take the locker any more), its future
 * reservations move. A retry with the same Idempotency-Key runs the moves again: whatever the
 * first attempt did not finish is moved now, and what it moved is not there to move twice.
 */
async function movesAfter(deps: CommandDeps, result: HubCommandResult, lockerId: string, ctx: CommandContext): Promise<LockerMoves> {
  if (!result.events.some(deactivates(lockerId))) return NO_MOVES;
  const { moved, unmoved, position } = await moveFutureReservations(deps, { hubId: result.hubId, lockerId }, ctx);
  return { moved, unmoved, movesPosition: position };
}
