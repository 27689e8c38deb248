import type { HubCommandResult } from '../../commands/hub-admin-commands.js';
import type { LockerMoves } from '../../commands/hub-locker-commands.js';
import type { MovedReservation } from '../../commands/move-reservations.js';
import { readReservation } from '../../commands/reservation-commands.js';
import type { CommandDeps } from '../../commands/deps.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { comparePositions } from '../../infra/eventstore/port.js';
import type { ReservationNote } from './hub-cache.js';
import { loadedHubOf } from './hub-admin-view.js';
import type { HubReadModel } from './hub-read-model.js';

// Read-your-writes for admin writes: before the answer leaves, this process's Hub cache shows
// the command's result, so the caller's next GET /api/hubs/{id} (served from memory) has it.
// First a bounded wait until the projections pass the write (and the moves a deactivation made),
// then a reload of that Hub from the read models. Past the bound: the Hub as the command left
// it, and the moved reservations as overlays, until a load at or past the write replaces them.

export type HubWriteDeps = Pick<CommandDeps, 'store' | 'awaitProjections' | 'log'> & { model: HubReadModel };

const NO_MOVES: Pick<LockerMoves, 'moved' | 'movesPosition'> = { moved: [], movesPosition: null };

export async function showHubWrite(deps: HubWriteDeps, result: HubCommandResult, moves = NO_MOVES): Promise<void> {
  if (!result.position) return; // nothing written
  const last = moves.movesPosition && comparePositions(moves.movesPosition, result.position) > 0 ? moves.movesPosition : result.position;
  try {
    if (await caughtUp(deps, last)) {
      await deps.model.refresh([result.hubId]);
      return;
    }
    const { state } = result;
    await deps.model.showHub(result.hubId, state.status === 'registered' ? loadedHubOf(state, deps.model.cache.get(result.hubId)) : null, result.position);
    for (const moved of moves.moved) {
      const noted = await movedNote(deps, result.hubId, moved);
      if (noted) await deps.model.noteReservation(noted.note, noted.position);
    }
  } catch (err) {
    // The write stands; the change feed brings the cache there soon.
    deps.log.warn({ err, hubId: result.hubId }, 'Hub cache not told of an admin write; the change feed will catch up');
  }
}

async function caughtUp(deps: HubWriteDeps, position: GlobalPosition): Promise<boolean> {
  try {
    return await deps.awaitProjections(position);
  } catch {
    return false;
  }
}

/** A moved reservation as its stream now tells it, on the locker it moved to. */
async function movedNote(deps: HubWriteDeps, hubId: string, moved: MovedReservation): Promise<{ note: ReservationNote; position: GlobalPosition } | null> {
  const { state, position } = await readReservation(deps, moved.reservationId);
  if (state.status === 'none' || !position) return null;
  return {
    note: {
      reservationId: moved.reservationId,
      hubId,
      lockerId: moved.toLockerId,
      startMs: state.startMs,
      endMs: state.endMs,
      status: state.status,
      paymentDueMs: state.paymentDueMs,
    },
    position,
  };
}
