import { countDoorAttempt } from '../infra/metrics/registry.js';
import type { Pool } from 'pg';
import type { ControllerEventInput } from '../contract/controller/controller-sync.js';
import type { DoorCodeRefusedData, DoorOpenedData } from '../domain/doors/door-events.js';
import { doorStreamId } from '../domain/doors/door-events.js';
import type { DoorStateReportedData } from '../domain/doors/door-state-events.js';
import { doorStatesStreamId } from '../domain/doors/door-state-events.js';
import { reservationCodesOf } from '../domain/doors/reservation-codes.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { DomainEvent } from '../domain/shared/decider.js';
import { recordHeartbeat } from '../infra/controller/heartbeats.js';
import { storedEventIds } from '../infra/controller/stored-event-ids.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { reservationHoldingLocker } from '../projections/reservations/command-queries.js';
import type { CommandContext, StreamWrite } from './command-handler.js';
import { asDomainEvents, runCommand } from './command-handler.js';
import { derivedUuid } from './idempotency.js';

// What a Hub's controller reports (POST /api/controller/{hubId}/events, ADR 0025), recorded once
// each however often the batch is sent: the controller's event id is the stored event's id, so a
// retry finds it and writes nothing (the store would refuse a second copy anyway). Events keep
// their original time, also as the stored event's `at`, so the locker history places an attempt
// decided offline where it happened.

export interface ControllerEventsDeps {
  db: Pool;
  store: EventStore;
  log: { warn: (obj: object, msg: string) => void };
  /**
   * A door that failed to open for a renter's accepted code (issue 29): the same steps as 'A porta
   * não abriu' (commands/report-door-failure.ts): the renter moves, the locker leaves service.
   */
  relocate?: (jam: { reservationId: string; hubId: string; lockerId: string; reportId: string }, ctx: CommandContext) => Promise<unknown>;
}

export interface EventsHub {
  id: string;
  /** Locker id → current order number. */
  lockerOrders: ReadonlyMap<string, number>;
}

export interface RecordOutcome {
  accepted: number;
  duplicates: number;
}

type Recorded = 'accepted' | 'duplicate' | 'skipped';

/** The controller acts, at the event's own time (its `at`, and the stored event's). */
const contextAt = (hubId: string, at: string, correlationId: string): CommandContext => ({
  actor: { id: `controller:${hubId}`, role: 'controller' },
  correlationId,
  causationId: null,
  now: new Date(at),
});

/** One write of facts the controller already decided: no state to check, its ids keep it once. */
const recordFacts = (store: EventStore, ctx: CommandContext, writes: StreamWrite[]) =>
  runCommand(store, ctx, { read: async () => null, decide: () => ({ append: writes, written: () => 'accepted' as const }) });

function lockerIdOf(hub: EventsHub, order: number | null): string | null {
  if (order === null) return null;
  for (const [id, o] of hub.lockerOrders) if (o === order) return id;
  return null;
}

async function heartbeat(deps: ControllerEventsDeps, hub: EventsHub, e: Extract<ControllerEventInput, { type: 'heartbeat' }>): Promise<Recorded> {
  // Nothing newer to keep: a retried heartbeat (or one overtaken) is a duplicate.
  const kept = await recordHeartbeat(deps.db, {
    hubId: hub.id,
    lastSeenAt: new Date(e.at),
    manifestIssuedAt: e.manifest_issued_at ? new Date(e.manifest_issued_at) : null,
  });
  return kept ? 'accepted' : 'duplicate';
}

async function doorState(
  deps: ControllerEventsDeps,
  hub: EventsHub,
  e: Extract<ControllerEventInput, { type: 'door_state' }>,
  ctx: CommandContext,
): Promise<Recorded> {
  const lockerId = lockerIdOf(hub, e.locker_order);
  if (!lockerId) {
    deps.log.warn({ hubId: hub.id, lockerOrder: e.locker_order, eventId: e.id }, 'controller reported a door the Hub does not have');
    return 'skipped';
  }
  const data: DoorStateReportedData = {
    reportId: e.id,
    hubId: hub.id,
    lockerId,
    lockerOrder: e.locker_order,
    state: e.state,
    at: e.at,
    source: 'controller',
    reservationId: await reservationHoldingLocker(deps.db, lockerId, new Date(e.at)),
    offline: e.offline === true,
  };
  await recordFacts(deps.store, ctx, [
    { streamId: doorStatesStreamId(hub.id), events: [{ type: 'DoorStateReported', data }], expectedVersion: 'any', eventIds: [e.id] },
  ]);
  await relocateIfJammed(deps, data, ctx);
  return 'accepted';
}

/**
 * A jam reported live, on a locker a reservation holds: its renter is moved at once. One reported
 * from the offline queue is history by now (the renter has gone, or asked Hub themselves). A
 * failure here loses nothing: the jam is recorded, its alert follows, and staff can move the
 * booking; the controller's batch is not refused for it.
 */
async function relocateIfJammed(deps: ControllerEventsDeps, jam: DoorStateReportedData, ctx: CommandContext) {
  if (jam.state !== 'jammed' || jam.offline || !jam.reservationId || !deps.relocate) return;
  try {
    await deps.relocate({ reservationId: jam.reservationId, hubId: jam.hubId, lockerId: jam.lockerId, reportId: jam.reportId }, ctx);
  } catch (err) {
    deps.log.warn({ err, reservationId: jam.reservationId, reportId: jam.reportId }, 'jammed door reported; the renter could not be moved');
  }
}

async function offlineAttempt(
  deps: ControllerEventsDeps,
  hub: EventsHub,
  e: Extract<ControllerEventInput, { type: 'offline_attempt' }>,
  ctx: CommandContext,
): Promise<Recorded> {
  const doorStream = doorStreamId(hub.id, new Date(e.at));
  if (e.outcome === 'opened' && e.reservation_id) {
    // Recorded whatever the reservation's state now: the door did open (a reservation cancelled
    // after the controller's last sync still opened offline, and the history must say so).
    const stored = await deps.store.readStream(reservationStreamId(e.reservation_id));
    const codes = reservationCodesOf(asDomainEvents<DomainEvent>(stored));
    if (codes.status !== 'none') {
      const data: DoorOpenedData = {
        reservationId: e.reservation_id,
        hubId: hub.id,
        lockerId: codes.lockerId,
        lockerOrder: e.locker_order ?? hub.lockerOrders.get(codes.lockerId) ?? codes.lockerOrder,
        requestId: e.request_id,
        codeKind: e.kind ?? (codes.status === 'awaiting_pickup' ? 'pickup' : 'access'),
        at: e.at,
        offline: true,
        ...(e.code_index === null ? {} : { codeIndex: e.code_index }),
      };
      await recordFacts(deps.store, ctx, [
        { streamId: doorStream, events: [{ type: 'DoorOpened', data }], expectedVersion: 'any', eventIds: [e.id] },
        {
          streamId: reservationStreamId(e.reservation_id),
          events: [{ type: 'DoorOpened', data }],
          expectedVersion: 'any',
          eventIds: [derivedUuid('offline-door-opened', e.id)],
        },
      ]);
      countDoorAttempt('opened', 'offline');
      return 'accepted';
    }
    deps.log.warn({ hubId: hub.id, reservationId: e.reservation_id, eventId: e.id }, 'offline opening names an unknown reservation; recorded as refused');
  }
  const lockerId = lockerIdOf(hub, e.locker_order);
  const data: DoorCodeRefusedData = {
    hubId: hub.id,
    requestId: e.request_id,
    reason: e.outcome === 'locked_out' ? 'rate_limited' : 'invalid_code',
    at: e.at,
    offline: true,
    ...(lockerId && e.locker_order !== null ? { lockerId, lockerOrder: e.locker_order } : {}),
  };
  await recordFacts(deps.store, ctx, [{ streamId: doorStream, events: [{ type: 'DoorCodeRefused', data }], expectedVersion: 'any', eventIds: [e.id] }]);
  countDoorAttempt(data.reason === 'rate_limited' ? 'rate_limited' : 'refused', 'offline');
  return 'accepted';
}

/** Records a batch in its order; events already stored (an earlier try) are counted, not written. */
export async function recordControllerEvents(
  deps: ControllerEventsDeps,
  hub: EventsHub,
  events: readonly ControllerEventInput[],
  correlationId: string,
): Promise<RecordOutcome> {
  const stored = await storedEventIds(
    deps.db,
    events.filter((e) => e.type !== 'heartbeat').map((e) => e.id),
  );
  const outcome: RecordOutcome = { accepted: 0, duplicates: 0 };
  for (const e of events) {
    let recorded: Recorded;
    if (e.type === 'heartbeat') recorded = await heartbeat(deps, hub, e);
    else if (stored.has(e.id)) recorded = 'duplicate';
    else {
      const ctx = contextAt(hub.id, e.at, correlationId);
      recorded = e.type === 'door_state' ? await doorState(deps, hub, e, ctx) : await offlineAttempt(deps, hub, e, ctx);
    }
    if (recorded === 'accepted') outcome.accepted++;
    if (recorded === 'duplicate') outcome.duplicates++;
  }
  return outcome;
}
