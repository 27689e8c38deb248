import { details } from '../hubs/hub-spec-fixtures.js';
import type { HubCommand } from '../hubs/hub-decide.js';
import { hubDecider } from '../hubs/hub-decide.js';
import type { HubEvent, HubState } from '../hubs/hub-events.js';
import { hubStreamId } from '../hubs/hub-events.js';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { periodsOf, scheduleDecider, scheduleStreamId } from '../schedule/locker-schedule.js';
import { bookableLockers, decideBooking, releaseEvents } from './booking.js';
import { decideExtension, extensionPeriods } from './extension.js';
import { decideRelocation } from '../doors/door-failure.js';
import type { ReservationEvent } from './reservation-events.js';
import { evolveReservation, initialReservationState, reservationStreamId } from './reservation-events.js';
import { Log } from './no-double-booking-log.js';

// The clients of the no-double-booking property test (no-double-booking.property.test.ts): each
// books a locker of size M by reading the streams it needs and later appending to all of them with
// the versions it read; then it may release, extend (issue 28) or, its door having failed (issue
// 29), be moved. `run` interleaves them in the order fast-check chose.

export const MINUTE = 60_000;
export const DAY_MIN = 24 * 60;
export const BASE = Date.parse('2030-01-10T00:00:00.000Z'); // midnight UTC, also "now" for every client
export const HUB_ID = 'SP-01';

export interface ClientSpec {
  startMin: number;
  durationMin: number;
  cancels: boolean;
  /** Hours to extend by once booked (0: no extension); extending clients never cancel. */
  extendHours: number;
  /** Once booked, its door fails and it is moved (domain/doors/door-failure.ts); never with the others. */
  doorFails: boolean;
}
export interface Scenario {
  lockerCount: number;
  clients: ClientSpec[];
  turns: number[];
}

export type Phase = 'read' | 'write' | 'release' | 'extendRead' | 'extendWrite' | 'moveRead' | 'moveWrite' | 'done' | 'gaveUp';
export interface Snapshot {
  lockerId: string;
  hub: HubState;
  schedules: Map<string, ScheduleState>;
  versions: Map<string, number>;
}
export interface Client {
  spec: ClientSpec;
  reservationId: string;
  start: Date;
  end: Date;
  phase: Phase;
  candidates: string[] | null;
  next: number;
  snapshot: Snapshot | null;
  /** For each candidate refused as unavailable: the schedule stream versions it decided on. */
  refusals: { lockerId: string; versions: Map<string, number> }[];
  bookedLocker: string | null;
  /** The extension: its read (reservation and day streams with versions), then what came of it. */
  extension: { snapshot: Snapshot | null; outcome: 'extended' | 'busy' | 'tooLong' | null; busyVersions: Map<string, number> | null };
  /** The move after its door failed: the lockers tried in order, what each refusal saw, where it went. */
  move: {
    candidates: string[] | null;
    next: number;
    snapshot: (Snapshot & { from: Map<string, ScheduleState> }) | null;
    refusals: Map<string, number>[];
    movedTo: string | null;
  };
}

function setUpHub(log: Log, lockerCount: number) {
  const commands: HubCommand[] = [
    { type: 'RegisterHub', hubId: HUB_ID, secretKey: 'abcDE12345', details: details },
    ...Array.from({ length: lockerCount }, (_, i): HubCommand => install(`L${i + 1}`, 'GMV', 'Ativo')),
    install('OFF', 'GMV', 'Inativo'),
    install('DROP', 'Drop-Off', 'Ativo'),
  ];
  for (const command of commands) {
    const id = hubStreamId(HUB_ID);
    log.append([{ streamId: id, events: hubDecider.decide(command, fold(hubDecider, log.read<HubEvent>(id))) }], null);
  }
}

function step(log: Log, c: Client, checkVersions: boolean) {
  if (c.phase === 'read') {
    const hubId = hubStreamId(HUB_ID);
    const hub = fold(hubDecider, log.read<HubEvent>(hubId));
    c.candidates ??= bookableLockers(hub, 'M').map((l) => l.lockerId);
    const lockerId = c.candidates[c.next];
    if (lockerId === undefined) throw new Error('client has no candidate locker');
    const versions = new Map([[hubId, log.version(hubId)]]);
    const schedules = new Map<string, ScheduleState>();
    for (const period of periodsOf(c.start, c.end)) {
      const id = scheduleStreamId(lockerId, period);
      versions.set(id, log.version(id));
      schedules.set(period, fold(scheduleDecider, log.read<ScheduleEvent>(id)));
    }
    versions.set(reservationStreamId(c.reservationId), log.version(reservationStreamId(c.reservationId)));
    c.snapshot = { lockerId, hub, schedules, versions };
    c.phase = 'write';
  } else if (c.phase === 'write') {
    const snap = c.snapshot;
    if (!snap || !c.candidates) throw new Error('write before read');
    let decision;
    try {
      decision = decideBooking(
        {
          reservationId: c.reservationId,
          userId: `user-${c.reservationId}`,
          lockerId: snap.lockerId,
          start: c.start,
          end: c.end,
          now: new Date(BASE),
          maxHours: 24,
          canUsePrivateHub: false,
          codeHash: 'hash',
          paymentWindowMs: 15 * 60_000,
        },
        snap.hub,
        snap.schedules,
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'locker_unavailable') throw error;
      c.refusals.push({ lockerId: snap.lockerId, versions: snap.versions });
      c.next += 1;
      c.phase = c.next < c.candidates.length ? 'read' : 'gaveUp';
      return;
    }
    const writes = [
      { streamId: reservationStreamId(c.reservationId), events: decision.reservation },
      ...decision.schedules.map((s) => ({ streamId: scheduleStreamId(snap.lockerId, s.period), events: s.events })),
    ];
    if (log.append(writes, checkVersions ? snap.versions : null)) {
      c.bookedLocker = snap.lockerId;
      c.phase = c.spec.extendHours > 0 ? 'extendRead' : c.spec.cancels ? 'release' : c.spec.doorFails ? 'moveRead' : 'done';
    } else {
      c.phase = 'read'; // someone wrote in between: re-read and decide again
    }
  } else if (c.phase === 'extendRead' || c.phase === 'extendWrite') {
    extendStep(log, c, checkVersions);
  } else if (c.phase === 'moveRead' || c.phase === 'moveWrite') {
    moveStep(log, c, checkVersions);
  } else if (c.phase === 'release') {
    const created = log.read<ReservationEvent>(reservationStreamId(c.reservationId)).find((e) => e.type === 'ReservationCreated');
    if (!created) throw new Error('booked client without a reservation');
    const releases = releaseEvents(created.data);
    log.append(
      releases.map((r) => ({ streamId: scheduleStreamId(created.data.lockerId, r.period), events: r.events })),
      null,
    );
    c.phase = 'done';
  }
}

/** The reservation as read at `version`, paid: extensions and moves act on paid bookings. */
function paidAsOf(log: Log, reservationId: string, stream: string, version: number | undefined) {
  const paid: ReservationEvent = {
    type: 'PaymentConfirmed',
    data: { reservationId, method: 'pix', amountCents: 0, paidAt: new Date(BASE).toISOString() },
  };
  return [...log.read<ReservationEvent>(stream, version), paid].reduce(evolveReservation, initialReservationState());
}

/** Extension: read the reservation (paid) and its new window's days; then decide and append. */
function extendStep(log: Log, c: Client, checkVersions: boolean) {
  const reservationStream = reservationStreamId(c.reservationId);
  const lockerId = c.bookedLocker ?? '';
  if (c.phase === 'extendRead') {
    const versions = new Map([[reservationStream, log.version(reservationStream)]]);
    const schedules = new Map<string, ScheduleState>();
    const state = log.read<ReservationEvent>(reservationStream).reduce(evolveReservation, initialReservationState());
    if (state.status === 'none') throw new Error('extending a reservation that does not exist');
    for (const period of extensionPeriods(state, c.spec.extendHours)) {
      const id = scheduleStreamId(lockerId, period);
      versions.set(id, log.version(id));
      schedules.set(period, fold(scheduleDecider, log.read<ScheduleEvent>(id)));
    }
    c.extension.snapshot = { lockerId, hub: { status: 'none' } as HubState, schedules, versions };
    c.phase = 'extendWrite';
    return;
  }
  const snap = c.extension.snapshot;
  if (!snap) throw new Error('extension write before read');
  const state = paidAsOf(log, c.reservationId, reservationStream, snap.versions.get(reservationStream));
  let decision;
  try {
    const request = { extensionId: `ext-${c.reservationId}`, hours: c.spec.extendHours, now: new Date(BASE), maxHours: 48 };
    decision = decideExtension(state, snap.schedules, { ...request, method: 'pix', provider: 'simulated', codeHash: 'hash2' });
  } catch (error) {
    if (!(error instanceof DomainError) || (error.code !== 'locker_busy' && error.code !== 'too_long')) throw error;
    c.extension.outcome = error.code === 'locker_busy' ? 'busy' : 'tooLong';
    c.extension.busyVersions = snap.versions;
    c.phase = 'done';
    return;
  }
  const writes = [
    { streamId: reservationStream, events: decision.reservation },
    ...decision.schedules.map((s) => ({ streamId: scheduleStreamId(lockerId, s.period), events: s.events })),
  ];
  if (log.append(writes, checkVersions ? snap.versions : null)) {
    c.extension.outcome = 'extended';
    c.phase = 'done';
  } else {
    c.phase = 'extendRead';
  }
}

/**
 * The door failed inside the window: the renter moves to the next active M locker whose days it
 * reads free (decideRelocation), appended with the versions read; a locker taken meanwhile makes
 * it read again, one taken in the window the next locker; none left means it stays.
 */
function moveStep(log: Log, c: Client, checkVersions: boolean) {
  const reservationStream = reservationStreamId(c.reservationId);
  const from = c.bookedLocker ?? '';
  const days = (lockerId: string, versions: Map<string, number>) => {
    const schedules = new Map<string, ScheduleState>();
    for (const period of periodsOf(c.start, c.end)) {
      const id = scheduleStreamId(lockerId, period);
      versions.set(id, log.version(id));
      schedules.set(period, fold(scheduleDecider, log.read<ScheduleEvent>(id)));
    }
    return schedules;
  };
  if (c.phase === 'moveRead') {
    const hubId = hubStreamId(HUB_ID);
    const hub = fold(hubDecider, log.read<HubEvent>(hubId));
    c.move.candidates ??= bookableLockers(hub, 'M')
      .map((l) => l.lockerId)
      .filter((id) => id !== from);
    const target = c.move.candidates[c.move.next];
    if (target === undefined) {
      c.phase = 'done';
      return;
    }
    const versions = new Map([[reservationStream, log.version(reservationStream)]]);
    const fromDays = days(from, versions);
    c.move.snapshot = { lockerId: target, hub, schedules: days(target, versions), versions, from: fromDays };
    c.phase = 'moveWrite';
    return;
  }
  const snap = c.move.snapshot;
  if (!snap) throw new Error('move write before read');
  // Paid, and reported inside its window (the renter's code opened the door at its start).
  const state = paidAsOf(log, c.reservationId, reservationStream, snap.versions.get(reservationStream));
  let decision;
  try {
    decision = decideRelocation(state, snap.hub, snap.from, snap.schedules, {
      toLockerId: snap.lockerId,
      reportId: `report-${c.reservationId}`,
      codeHash: 'hash3',
      now: c.start,
    });
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'locker_unavailable') throw error;
    c.move.refusals.push(snap.versions);
    c.move.next += 1;
    c.phase = 'moveRead';
    return;
  }
  const writes = [
    { streamId: reservationStream, events: decision.reservation },
    ...decision.releases.map((r) => ({ streamId: scheduleStreamId(from, r.period), events: r.events })),
    ...decision.bookings.map((b) => ({ streamId: scheduleStreamId(snap.lockerId, b.period), events: b.events })),
  ];
  if (log.append(writes, checkVersions ? snap.versions : null)) {
    c.move.movedTo = snap.lockerId;
    c.phase = 'done';
  } else {
    c.phase = 'moveRead';
  }
}

export function run(scenario: Scenario, checkVersions: boolean) {
  const log = new Log();
  setUpHub(log, scenario.lockerCount);
  const clients: Client[] = scenario.clients.map((spec, i) => ({
    spec: { ...spec, cancels: spec.cancels && spec.extendHours === 0, doorFails: spec.doorFails && !spec.cancels && spec.extendHours === 0 },
    reservationId: `res-${i}`,
    start: new Date(BASE + spec.startMin * MINUTE),
    end: new Date(BASE + (spec.startMin + spec.durationMin) * MINUTE),
    phase: 'read',
    candidates: null,
    next: 0,
    snapshot: null,
    refusals: [],
    bookedLocker: null,
    extension: { snapshot: null, outcome: null, busyVersions: null },
    move: { candidates: null, next: 0, snapshot: null, refusals: [], movedTo: null },
  }));
  const runnable = () => clients.filter((c) => c.phase !== 'done' && c.phase !== 'gaveUp');
  for (const turn of scenario.turns) {
    const ready = runnable();
    const client = ready[turn % Math.max(ready.length, 1)];
    if (client) step(log, client, checkVersions);
  }
  // Then everyone left takes turns until all are done; appends are finite, so retries are too.
  for (let guard = 0; runnable().length > 0; guard++) {
    if (guard > 10_000) throw new Error('the protocol did not terminate');
    for (const client of runnable()) step(log, client, checkVersions);
  }
  return { log, clients };
}

function install(lockerId: string, lockerType: 'GMV' | 'Drop-Off', status: 'Ativo' | 'Inativo'): HubCommand {
  return { type: 'InstallLocker', lockerId, size: 'M', lockerType, pricePerHourCents: 500, status, collectNumber: null };
}
