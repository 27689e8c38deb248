import type { Locker } from '../domain/hubs/hub-events.js';
import { overlaps, periodsOf, scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import type { BookingCache } from './booking-cache.js';

export interface Candidate {
  locker: Locker;
  /** The locker's day schedules the window touches. */
  streamIds: string[];
  /** Appends lost to another writer of the same day. */
  attempts: number;
}

/** Collisions one booking accepts on one locker before it gives up on it. */
export const MAX_ATTEMPTS_PER_LOCKER = 20;

/**
 * The order the lockers of a size are tried in. The spec books the first free one, so lockers
 * keep their order, except that a locker is tried later the more likely it is to fail:
 *   0. nothing known against it;
 *   1. another booking of this process is writing its day right now (it would queue behind it);
 *   2. the read model says it is taken in the window;
 *   3. this process's cache says it is taken (it is read again before it is given up).
 * After a collision with another process the order is shuffled once more, so requests that
 * collided spread over the remaining lockers instead of colliding again on the next one.
 */
export class Candidates {
  private queue: Candidate[];
  private readonly takenInReadModel = new Set<string>();
  private readonly wanted: { startMs: number; endMs: number };

  constructor(
    lockers: readonly Locker[],
    window: { start: Date; end: Date },
    private readonly cache: BookingCache,
  ) {
    const periods = periodsOf(window.start, window.end);
    this.wanted = { startMs: window.start.getTime(), endMs: window.end.getTime() };
    this.queue = lockers.map((locker) => ({ locker, streamIds: periods.map((p) => scheduleStreamId(locker.lockerId, p)), attempts: 0 }));
  }

  /** Takes the locker to try next out of the queue. */
  next(): Candidate | undefined {
    this.sort();
    return this.queue.shift();
  }

  /** Tries the same locker again first (its day did not change, the renter's stream did). */
  again(candidate: Candidate): void {
    this.queue.unshift(candidate);
  }

  /** Another process wrote the locker's day first. True when it would be tried again at once. */
  collided(candidate: Candidate): boolean {
    this.queue = shuffled(this.queue);
    if (++candidate.attempts >= MAX_ATTEMPTS_PER_LOCKER) return false;
    this.queue.push(candidate);
    this.sort();
    return this.queue[0] === candidate;
  }

  /** Whether every day schedule of the locker is in this process's cache. */
  known(candidate: Candidate): boolean {
    return candidate.streamIds.every((id) => this.cache.schedules.peek(id) !== undefined);
  }

  /** Lockers still to try that this process knows nothing about. */
  unknown(): Locker[] {
    return this.queue.filter((c) => !this.known(c)).map((c) => c.locker);
  }

  markTakenInReadModel(lockerIds: Iterable<string>): void {
    for (const id of lockerIds) this.takenInReadModel.add(id);
  }

  private rank(candidate: Candidate): number {
    const cachedTaken = candidate.streamIds.some((id) => this.cache.schedules.peek(id)?.state.bookings.some((b) => overlaps(b, this.wanted)));
    if (cachedTaken) return 3;
    if (this.takenInReadModel.has(candidate.locker.lockerId)) return 2;
    return candidate.streamIds.some((id) => this.cache.locks.busy(id)) ? 1 : 0;
  }

  private sort(): void {
    // Stable: equal ranks keep the Hub's order (or the shuffled one after a collision).
    const ranked = this.queue.map((candidate) => ({ candidate, rank: this.rank(candidate) }));
    this.queue = ranked.sort((a, b) => a.rank - b.rank).map((r) => r.candidate);
  }
}

const shuffled = <T>(items: T[]): T[] =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
