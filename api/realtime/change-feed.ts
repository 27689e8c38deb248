import type { Pool } from 'pg';
import type { EventStore, GlobalPosition, StoredEvent, Subscription } from '../../infra/eventstore/port.js';
import type { StaffEvent } from '../../domain/staff/staff-events.js';
import { STAFF_EVENT_TYPES } from '../../domain/staff/staff-events.js';
import { SETTINGS_EVENT_TYPES } from '../../domain/settings/settings-events.js';
import { errorReporter } from '../../infra/log/error-reporter.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { hubIdsOfLockers } from '../../projections/hubs/queries.js';
import { ACCESS_STREAM_PREFIX } from '../../domain/access/access-events.js';
import { reservationOwners } from '../../projections/reservations/queries.js';
import { ALERT_STREAM_PREFIX } from '../../domain/alerts/alert-events.js';

// Each API process follows the event log itself and, once the read models include a batch,
// tells its listeners what the batch touched: first the in-memory Hub cache (which reloads
// those Hubs), then the realtime pushes, so a client that refetches on a push gets the new state
// from this very process. This works the same in one process and across processes, with no
// extra broker.

export interface ChangeBatch {
  /** The read models include the log up to here. */
  position: GlobalPosition;
  hubIds: ReadonlySet<string>;
  /** Reservation id → its renter's user id. */
  reservations: ReadonlyMap<string, string>;
  /** Hubs whose pickup queue the batch changed (a pickup event on one of their reservations). */
  pickupHubIds: ReadonlySet<string>;
  /** Access grants the batch changed (issue 26): the renter's pages and the admins' queue follow. */
  access: readonly { hubId: string; userId: string }[];
  /** Operators whose Hub assignments the batch changed, with the Hubs gained or lost (issue 26). */
  staff: ReadonlyArray<{ userId: string; hubIds: readonly string[] }>;
  /** The platform's settings changed (issue 27): readers drop what they hold, pages refetch. */
  settings?: boolean;
  /** Hubs whose doors' states or controller status the batch changed (issue 29 item 4). */
  doorHubIds?: ReadonlySet<string>;
  /** Hubs whose alerts the batch raised, acknowledged or resolved (issue 29): the alert lists and badges refetch. */
  alertHubIds?: ReadonlySet<string>;
}

// The events that change a Hub's logistics queue (docs/logistics-api.md, "Realtime").
const pickupEventTypes = new Set(['LeftForPickup', 'PickupClaimed', 'PickupCodeIssued', 'PickupCompleted']);

// What doors and controllers did (issue 29 item 4): staff pages are told, no Hub is reloaded.
const doorEventTypes = new Set(['DoorStateReported', 'ControllerWentOffline', 'ControllerBackOnline']);

export type ChangeListener = (batch: ChangeBatch) => Promise<void> | void;

export interface ChangeFeed {
  /** Listeners run one after another, in the order added; returns a remover. */
  listen(listener: ChangeListener): () => void;
  /** Follows the log after `from`: the position the process's in-memory state reflects. */
  start(from: GlobalPosition): void;
  /** Every listener has taken the log up to here; null before start. */
  readonly position: GlobalPosition | null;
  stop(): Promise<void>;
}

class FeedStopped extends Error {}

/** How often the wait for the projections looks whether the feed was stopped meanwhile. */
const WAIT_SLICE_MS = 1000;

export function createChangeFeed(db: Pool, store: EventStore, projectorNames: string[]): ChangeFeed {
  const listeners: ChangeListener[] = [];
  const report = errorReporter('[change feed]');
  let subscription: Subscription | null = null;
  let stopped = false;
  let position: GlobalPosition | null = null;

  async function handle(events: StoredEvent[]): Promise<void> {
    const last = events[events.length - 1]!;
    // Listeners read the read models: wait, however long, until those include the whole batch.
    // A batch is never passed over on a timeout, or a Hub it touched would stay stale here; so
    // behind a projector stopped at an event (projections/projector-stops.ts) it waits, in slices,
    // until that projector is resumed.
    while (!(await waitForProjections(db, projectorNames, last.position, WAIT_SLICE_MS, 'wait'))) {
      if (stopped) throw new FeedStopped();
    }
    const batch: ChangeBatch = { position: last.position, ...(await touched(db, events)) };
    for (const listener of [...listeners]) await listener(batch);
    position = last.position;
  }

  return {
    listen(listener) {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    get position() {
      return position;
    },
    start(from) {
      if (subscription || stopped) return;
      position = from;
      subscription = store.subscribe({
        from,
        pollIntervalMs: 100,
        handle,
        onError: (error) => {
          if (!(error instanceof FeedStopped)) report(error);
        },
      });
    },
    async stop() {
      stopped = true;
      await subscription?.stop();
    },
  };
}

/** Which Hubs and reservations a batch touched (events name a Hub, a reservation or a locker). */
async function touched(db: Pool, events: StoredEvent[]) {
  const hubIds = new Set<string>();
  const reservationIds = new Set<string>();
  const lockerIds = new Set<string>();
  const pickupIds = new Set<string>();
  const pickupHubIds = new Set<string>();
  const access: { hubId: string; userId: string }[] = [];
  const staff: { userId: string; hubIds: string[] }[] = [];
  let settings = false;
  const doorHubIds = new Set<string>();
  const alertHubIds = new Set<string>();
  for (const event of events) {
    // Door states and controller transitions change no Hub, locker or reservation (no Hub reload):
    // staff pages showing the Hub's doors are told on their own.
    if (doorEventTypes.has(event.type)) {
      const { hubId } = event.data as { hubId?: string };
      if (hubId) doorHubIds.add(hubId);
      continue;
    }
    // An alert changes no Hub, locker or reservation: it is told on its own, to staff.
    if (event.streamId.startsWith(ALERT_STREAM_PREFIX)) {
      alertHubIds.add((event.data as { hubId: string }).hubId);
      continue;
    }
    if (SETTINGS_EVENT_TYPES.has(event.type)) {
      settings = true;
      continue;
    }
    if (STAFF_EVENT_TYPES.has(event.type)) {
      const { data } = event as unknown as StaffEvent;
      staff.push({ userId: data.userId, hubIds: [...data.added, ...data.removed] });
      continue;
    }
    // A door's attempt log changes no Hub, locker or reservation; an opening is also on its
    // reservation's stream, which is what tells the listeners.
    if (event.streamId.startsWith('hub-doors-')) continue;
    // A grant changes no Hub, locker or reservation: it is told on its own, to its renter and admins.
    if (event.streamId.startsWith(ACCESS_STREAM_PREFIX)) {
      const { hubId, userId } = event.data as { hubId: string; userId: string };
      if (!access.some((a) => a.hubId === hubId && a.userId === userId)) access.push({ hubId, userId });
      continue;
    }
    const data = event.data as { hubId?: string; reservationId?: string; lockerId?: string };
    if (data.reservationId && pickupEventTypes.has(event.type)) pickupIds.add(data.reservationId);
    if (data.hubId) hubIds.add(data.hubId);
    if (data.reservationId) reservationIds.add(data.reservationId);
    else if (data.lockerId) lockerIds.add(data.lockerId);
  }
  const reservations = new Map<string, string>();
  if (reservationIds.size) {
    for (const r of await reservationOwners(db, [...reservationIds])) {
      reservations.set(r.id, r.user_id);
      hubIds.add(r.hub_id);
      if (pickupIds.has(r.id)) pickupHubIds.add(r.hub_id);
    }
  }
  if (lockerIds.size) {
    for (const hubId of await hubIdsOfLockers(db, [...lockerIds])) hubIds.add(hubId);
  }
  return { hubIds, reservations, pickupHubIds, access, staff, settings, doorHubIds, alertHubIds };
}
