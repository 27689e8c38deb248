import type { ReservationCommandResult } from '../../commands/reservation-commands.js';
import { readReservation } from '../../commands/reservation-commands.js';
import type { CommandDeps } from '../../commands/deps.js';
import type { CollectionItemView } from '../../contract/logistics/logistics-schemas.js';
import { LogisticsMessages } from '../../contract/logistics/logistics-endpoints.js';
import type { LockerSizeValue } from '../../contract/hubs/hub-schemas.js';
import type { ReservationStatusValue } from '../../contract/reservations/reservation-schemas.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { conflict, notFound } from '../http/errors.js';
import { reservationFromEvents } from '../reservations/reservation-from-log.js';
import type { CollectionItem } from './logistics-queries.js';
import { findCollection, userName } from './logistics-queries.js';

// What the claim/complete/generate routes share: the reservation as its stream tells it (the read
// model may lag right after "left for pickup"), the 409 naming who holds a claim, and the answer.

type Deps = Pick<CommandDeps, 'db' | 'store' | 'awaitProjections' | 'log'>;

/** The reservation's Hub from its stream; 404 when there is no such reservation. */
export async function collectionHub(deps: Pick<CommandDeps, 'store'>, reservationId: string): Promise<string> {
  const { state } = await readReservation(deps, reservationId);
  if (state.status === 'none') throw notFound(LogisticsMessages.collectionNotFound);
  return state.hubId;
}

/** A lost claim race (or a claimed item) answers 409 with the name of who holds it. */
export async function namingTheClaimer<T>(deps: Pick<CommandDeps, 'db' | 'store'>, reservationId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'already_claimed') throw error;
    const { state } = await readReservation(deps, reservationId);
    const claimer = state.status === 'none' ? null : state.claimedBy;
    const name = (claimer && (await userName(deps.db, claimer))) ?? 'outra pessoa';
    throw conflict('already_claimed', LogisticsMessages.claimedBy(name));
  }
}

/** The item after a command: the read model once it has the command, else the command's own events. */
export async function collectionAfter(deps: Deps, reservationId: string, result: ReservationCommandResult): Promise<CollectionItemView> {
  try {
    if (!result.position || (await deps.awaitProjections(result.position))) {
      const item = await findCollection(deps.db, reservationId);
      if (item) return collectionView(item);
    }
  } catch (err) {
    deps.log.warn({ err, reservationId }, 'read model unreachable after a pickup command; answering from its events');
  }
  const row = reservationFromEvents(result.log);
  if (!row || result.state.status === 'none') throw notFound(LogisticsMessages.collectionNotFound);
  const left = result.log.find((e) => e.event.type === 'LeftForPickup');
  return collectionView({
    reservation_id: row.id,
    hub_id: row.hub_id,
    hub_name: null,
    locker_order_number: row.locker_order_number,
    locker_size: row.locker_size,
    user_name: null,
    left_for_pickup_at: left ? new Date(left.at) : null,
    claimed_by: result.state.claimedBy,
    claimed_by_name: null,
    status: row.status,
  });
}

/** A read-model row as the API answers it: instants as ISO 8601 text. */
export const collectionView = (item: CollectionItem): CollectionItemView => ({
  ...item,
  // The read model's text columns hold the domain's values (contract/logistics).
  locker_size: item.locker_size as LockerSizeValue,
  status: item.status as ReservationStatusValue,
  left_for_pickup_at: item.left_for_pickup_at?.toISOString() ?? null,
});
