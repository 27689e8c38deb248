import { countDoorAttempt } from '../infra/metrics/registry.js';
import { inSpan } from '../infra/tracing/spans.js';
import type { Pool } from 'pg';
import type { CodeMatch, LiveCode } from '../domain/doors/door-decide.js';
import { decideAttempt, retryAfterSeconds, type AttemptOutcome } from '../domain/doors/door-decide.js';
import type { DoorEvent } from '../domain/doors/door-events.js';
import { answerOf, doorStreamId, mergeDoorStates } from '../domain/doors/door-events.js';
import { liveCodeOf, matchCode, reservationCodesOf } from '../domain/doors/reservation-codes.js';
import type { DomainEvent } from '../domain/shared/decider.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { EventStore, StoredEvent } from '../infra/eventstore/port.js';
import { doorCandidateIds } from '../projections/reservations/command-queries.js';
import type { CommandContext } from './command-handler.js';
import { asDomainEvents, runCommand } from './command-handler.js';
import type { DoorCache } from './door-cache.js';
import { doorCacheFor } from './door-cache.js';
import { doorCodeHashes, sameDigest } from './door-code-hashes.js';

// A code typed at a Hub's keypad (the controller already authenticated): find the reservation
// whose live code it is, confirm it on that reservation's stream, and record the attempt in one
// atomic append: DoorOpened on the reservation and the door stream, or DoorCodeRefused on the
// door stream (with CodeInvalidated on the reservations whose codes met too many wrong ones).
// Expected versions on every stream touched: a rotation, an invalidation or another process's
// attempt in between makes the append fail, and the attempt is decided again on fresh state.
// Within a process attempts at one Hub queue instead (ADR 0014), and the door stream is read
// forward from this process's cached, bounded fold, so an attempt reads only what is new.

export interface OpenDoorDeps {
  db: Pool;
  store: EventStore;
  codeSecret: string;
  /** This process's door states and queues; default: one per event store. */
  doorCache?: DoorCache;
}

export interface OpenDoorInput {
  hubId: string;
  requestId: string;
  code: string;
  /** Current order numbers of the Hub's lockers (they change when a locker is removed). */
  lockerOrders: ReadonlyMap<string, number>;
}

/** A retry of a request_id near midnight may find its answer on yesterday's door stream. */
const PREVIOUS_DAY_GRACE_MS = 10 * 60_000;
/**
 * Tries before giving up: only other processes' attempts at the same Hub (or a code rotated in
 * between) make an append fail here, and each such failure means one of them was recorded, so the
 * Hub as a whole always progresses; the bound only catches a bug. It is generous because a process
 * starved of CPU (two processes, four attempts at once, on a loaded 2-core box) lost 30 in a row.
 */
const MAX_ATTEMPTS = 100;

/** Other processes kept winning the door stream: the controller retries with the same request_id. */
export class DoorBusyError extends Error {
  override readonly name = 'DoorBusyError';
}

/** Today's door stream (read forward from the cached fold) and, near midnight, yesterday's. */
async function loadDoor(cache: DoorCache, store: EventStore, hubId: string, now: Date) {
  const streamId = doorStreamId(hubId, now);
  const startOfDay = Date.parse(`${streamId.slice(-10)}T00:00:00.000Z`);
  const nearMidnight = now.getTime() - startOfDay < PREVIOUS_DAY_GRACE_MS;
  const [today, earlier] = await Promise.all([
    cache.doors.load(store, streamId),
    nearMidnight ? cache.doors.load(store, doorStreamId(hubId, new Date(startOfDay - 1))) : undefined,
  ]);
  return { streamId, today, state: earlier ? mergeDoorStates(earlier.state, today.state) : today.state };
}

interface Candidate {
  id: string;
  version: number;
  live: LiveCode | null;
  match: CodeMatch | null;
}

async function readCandidate(deps: OpenDoorDeps, id: string, input: OpenDoorInput, nowMs: number): Promise<Candidate> {
  const stored: StoredEvent[] = await deps.store.readStream(reservationStreamId(id));
  const codes = reservationCodesOf(asDomainEvents<DomainEvent>(stored));
  const found = matchCode(codes, nowMs, doorCodeHashes(deps.codeSecret, id, input.code), sameDigest);
  const match = found ? { ...found, lockerOrder: input.lockerOrders.get(found.lockerId) ?? found.lockerOrder } : null;
  return { id, version: stored.length, live: liveCodeOf(codes, nowMs), match };
}

type Attempt = Awaited<ReturnType<typeof loadDoor>> & { answered: AttemptOutcome | null; candidates: Candidate[] };

/** A door code tried at a controller, online: the outcome, counted in hub_door_attempts_total. */
export async function openDoor(deps: OpenDoorDeps, input: OpenDoorInput, ctx: CommandContext): Promise<AttemptOutcome> {
  const outcome = await inSpan('command openDoor', () => openDoorNow(deps, input, ctx), { attributes: { 'hub.hub_id': input.hubId } });
  countDoorAttempt(outcome.kind, 'online');
  return outcome;
}

function openDoorNow(deps: OpenDoorDeps, input: OpenDoorInput, ctx: CommandContext): Promise<AttemptOutcome> {
  const now = ctx.now;
  const cache = doorCacheFor(deps);
  // Attempts of this process at one Hub would only fail each other's appends: they queue.
  return cache.locks.run([doorStreamId(input.hubId, now)], () =>
    runCommand<Attempt, AttemptOutcome>(deps.store, ctx, {
      maxAttempts: MAX_ATTEMPTS,
      exhausted: () => new DoorBusyError(`door stream of ${input.hubId}: ${MAX_ATTEMPTS} lost appends in a row`),
      read: async (): Promise<Attempt> => {
        const door = await loadDoor(cache, deps.store, input.hubId, now);
        // An answered request_id needs nothing else read.
        const answered = answerOf(door.state, input.requestId);
        if (answered) return { ...door, answered, candidates: [] };
        // A Hub over its failure limit is answered 429 whatever the code: nothing to look up.
        const lookUp = /^\d{6}$/.test(input.code) && retryAfterSeconds(door.state, now.getTime()) === null;
        const ids = lookUp ? await doorCandidateIds(deps.db, input.hubId, now) : [];
        const candidates = await Promise.all(ids.map((id) => readCandidate(deps, id, input, now.getTime())));
        return { ...door, answered: null, candidates };
      },
      decide: (door) => {
        if (door.answered) return { answer: door.answered };
        const match = door.candidates.find((c) => c.match)?.match ?? null;
        const liveCodes = door.candidates.flatMap((c) => (c.live ? [c.live] : []));
        const { events, outcome } = decideAttempt(door.state, {
          type: 'AttemptDoorCode',
          hubId: input.hubId,
          requestId: input.requestId,
          at: now.toISOString(),
          match,
          liveCodes,
        });
        const version = new Map(door.candidates.map((c) => [c.id, c.version]));
        const byReservation = new Map<string, DomainEvent[]>();
        const onDoor: DoorEvent[] = [];
        for (const event of events) {
          if (event.type !== 'CodeInvalidated') onDoor.push(event);
          if (event.type === 'DoorOpened' || event.type === 'CodeInvalidated') {
            const id = event.data.reservationId;
            byReservation.set(id, [...(byReservation.get(id) ?? []), event]);
          }
        }
        return {
          append: [
            { streamId: door.streamId, events: onDoor, expectedVersion: door.today.version },
            ...[...byReservation].map(([id, evs]) => ({ streamId: reservationStreamId(id), events: evs, expectedVersion: version.get(id) ?? 0 })),
          ],
          written: (appended) => {
            // Our own append is known without reading it back.
            if (appended) cache.doors.applyAppended(door.streamId, onDoor, appended.of(door.streamId).nextVersion, door.today);
            return outcome;
          },
        };
      },
    }),
  );
}
