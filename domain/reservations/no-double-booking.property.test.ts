import { details } from '../hubs/hub-spec-fixtures.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HubCommand } from '../hubs/hub-decide.js';
import { hubDecider } from '../hubs/hub-decide.js';
import type { HubEvent, HubState } from '../hubs/hub-events.js';
import { hubStreamId } from '../hubs/hub-events.js';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { periodsOf, scheduleDecider, scheduleStreamId } from '../schedule/locker-schedule.js';
import { bookableLockers, decideBooking, releaseEvents } from './booking.js';
import type { ReservationEvent } from './reservation-events.js';
import { reservationStreamId } from './reservation-events.js';

// The write-side protocol of ARCHITECTURE.md ("no double booking"), modelled purely: a versioned
// log per stream, clients that read (fold) and later write (decide, then append atomically to
// every stream with the versions they read), interleaved in an order fast-check chooses.

type AnyEvent = HubEvent | ScheduleEvent | ReservationEvent;
const MINUTE = 60_000;
const DAY_MIN = 24 * 60;
const BASE = Date.parse('2030-01-10T00:00:00.000Z'); // midnight UTC, also "now" for every client
const HUB_ID = 'SP-01';

class Log {
  readonly streams = new Map<string, AnyEvent[]>();
  version = (id: string) => this.streams.get(id)?.length ?? 0;
  read = <E extends AnyEvent>(id: string, upTo = this.version(id)) => (this.streams.get(id) ?? []).slice(0, upTo) as E[];
  /** Atomic append to several streams; with `expected`, only if every listed stream is unchanged. */
  append(writes: { streamId: string; events: AnyEvent[] }[], expected: Map<string, number> | null): boolean {
    if (expected && [...expected].some(([id, v]) => this.version(id) !== v)) return false;
    for (const { streamId, events } of writes) this.streams.set(streamId, [...(this.streams.get(streamId) ?? []), ...events]);
    return true;
  }
}

interface ClientSpec {
  startMin: number;
  durationMin: number;
  cancels: boolean;
}
interface Scenario {
  lockerCount: number;
  clients: ClientSpec[];
  turns: number[];
}

// Starts over three days, half of them in the hour before a midnight UTC so windows cross it.
const clientArb: fc.Arbitrary<ClientSpec> = fc.record({
  startMin: fc.oneof(
    fc.integer({ min: 0, max: 3 * DAY_MIN - 1 }),
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 60 })).map(([day, before]) => day * DAY_MIN - before),
  ),
  durationMin: fc.integer({ min: 60, max: DAY_MIN }),
  cancels: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), // a quarter cancel after booking
});
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  lockerCount: fc.integer({ min: 1, max: 3 }),
  clients: fc.array(clientArb, { minLength: 2, maxLength: 8 }),
  turns: fc.array(fc.nat({ max: 7 }), { maxLength: 120 }),
});

type Phase = 'read' | 'write' | 'release' | 'done' | 'gaveUp';
interface Snapshot {
  lockerId: string;
  hub: HubState;
  schedules: Map<string, ScheduleState>;
  versions: Map<string, number>;
}
interface Client {
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
      c.phase = c.spec.cancels ? 'release' : 'done';
    } else {
      c.phase = 'read'; // someone wrote in between: re-read and decide again
    }
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

function run(scenario: Scenario, checkVersions: boolean) {
  const log = new Log();
  setUpHub(log, scenario.lockerCount);
  const clients: Client[] = scenario.clients.map((spec, i) => ({
    spec,
    reservationId: `res-${i}`,
    start: new Date(BASE + spec.startMin * MINUTE),
    end: new Date(BASE + (spec.startMin + spec.durationMin) * MINUTE),
    phase: 'read',
    candidates: null,
    next: 0,
    snapshot: null,
    refusals: [],
    bookedLocker: null,
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

type Live = { reservationId: string; startMs: number; endMs: number };
const overlap = (a: Live, b: Live) => a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * Live bookings per locker from raw schedule streams: a booking is live in a stream until released
 * in that same stream; deduped by reservation across the day streams it spans.
 */
function liveBookings(streams: ScheduleEvent[][]): Map<string, Live[]> {
  const live = new Map<string, Map<string, Live>>();
  for (const events of streams) {
    const inStream = new Map<string, { lockerId: string; booking: Live }>();
    for (const e of events) {
      if (e.type === 'LockerBookingReleased') inStream.delete(e.data.reservationId);
      else {
        const booking = { reservationId: e.data.reservationId, startMs: Date.parse(e.data.startTime), endMs: Date.parse(e.data.endTime) };
        inStream.set(booking.reservationId, { lockerId: e.data.lockerId, booking });
      }
    }
    for (const { lockerId, booking } of inStream.values()) {
      const byId = live.get(lockerId) ?? new Map<string, Live>();
      const seen = byId.get(booking.reservationId);
      if (seen && (seen.startMs !== booking.startMs || seen.endMs !== booking.endMs)) throw new Error(`${booking.reservationId} booked with two windows`);
      byId.set(booking.reservationId, booking);
      live.set(lockerId, byId);
    }
  }
  return new Map([...live].map(([lockerId, byId]) => [lockerId, [...byId.values()]]));
}

function checkInvariants({ log, clients }: ReturnType<typeof run>) {
  const scheduleStreams = [...log.streams].filter(([id]) => id.startsWith('locker-schedule-')).map(([, events]) => events as ScheduleEvent[]);
  const live = liveBookings(scheduleStreams);
  for (const [lockerId, bookings] of live) {
    for (const [i, a] of bookings.entries()) {
      const b = bookings.slice(i + 1).find((other) => overlap(a, other));
      if (b) throw new Error(`double booking of ${lockerId}: ${a.reservationId} and ${b.reservationId} overlap`);
    }
  }
  for (const c of clients) {
    const window = { reservationId: c.reservationId, startMs: c.start.getTime(), endMs: c.end.getTime() };
    if (c.phase === 'done') {
      // Booked: the reservation and a LockerBooked in every day stream the window touches.
      const created = log.read<ReservationEvent>(reservationStreamId(c.reservationId))[0];
      expect(created).toMatchObject({ type: 'ReservationCreated', data: { lockerId: c.bookedLocker } });
      for (const period of periodsOf(c.start, c.end)) {
        const events = log.read<ScheduleEvent>(scheduleStreamId(c.bookedLocker ?? '', period));
        expect(events.some((e) => e.type === 'LockerBooked' && e.data.reservationId === c.reservationId)).toBe(true);
      }
      // Still held unless cancelled, and a cancellation frees every day stream.
      const held = (live.get(c.bookedLocker ?? '') ?? []).some((b) => b.reservationId === c.reservationId);
      expect(held).toBe(!c.spec.cancels);
    } else {
      // Gave up: a real conflict. Every candidate locker held, in the day streams the client read,
      // a live booking overlapping its window (checked from the raw log, not the decider).
      expect(c.phase).toBe('gaveUp');
      expect(c.refusals.map((r) => r.lockerId)).toEqual(c.candidates);
      for (const refusal of c.refusals) {
        const seen = [...refusal.versions].filter(([id]) => id.startsWith('locker-schedule-')).map(([id, v]) => log.read<ScheduleEvent>(id, v));
        const blocking = (liveBookings(seen).get(refusal.lockerId) ?? []).filter((b) => overlap(b, window));
        expect(blocking.length).toBeGreaterThan(0);
      }
    }
  }
}

const property = (checkVersions: boolean) => fc.property(scenarioArb, (scenario) => checkInvariants(run(scenario, checkVersions)));

describe('no double booking', () => {
  it('no two bookings of one locker overlap under random interleavings', () => {
    fc.assert(property(true), { numRuns: 200 });
  });

  it('the expected-version check is what prevents it: without it fast-check finds an overlap', () => {
    const details = fc.check(property(false), { numRuns: 200, endOnFailure: true });
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toMatch(/double booking of L\d/);
  });

  it('a client takes the next locker when the first is taken, and gives up when all are', () => {
    const scenario: Scenario = {
      lockerCount: 2,
      clients: [0, 1, 2].map(() => ({ startMin: 600, durationMin: 120, cancels: false })),
      turns: [],
    };
    const { clients } = run(scenario, true);
    expect(clients.map((c) => [c.phase, c.bookedLocker])).toEqual([
      ['done', 'L1'],
      ['done', 'L2'],
      ['gaveUp', null],
    ]);
  });
});

function install(lockerId: string, lockerType: 'GMV' | 'Drop-Off', status: 'Ativo' | 'Inativo'): HubCommand {
  return { type: 'InstallLocker', lockerId, size: 'M', lockerType, pricePerHourCents: 500, status, collectNumber: null };
}
