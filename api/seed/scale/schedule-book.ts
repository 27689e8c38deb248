import type { ScheduleEvent, ScheduleState } from '../../../domain/schedule/locker-schedule.js';
import { evolveSchedule, initialScheduleState, periodsOf, scheduleStreamId } from '../../../domain/schedule/locker-schedule.js';
import type { StreamPart } from './event-log.js';

// The locker day schedules the generator has written to, with their versions. Only recent days
// are kept: a booking starts at most 35 minutes before it is made and lasts at most 48 hours, and
// it ends (releasing its days) within minutes of its end, so a day nobody can touch any more is
// forgotten once the clock is FORGET_AFTER_DAYS past it. Touching a forgotten day is a bug.

const DAY = 86_400_000;
const FORGET_AFTER_DAYS = 5;

interface Entry {
  state: ScheduleState;
  version: number;
  dayMs: number;
}

export class ScheduleBook {
  private readonly streams = new Map<string, Entry>();
  /** Days before this were forgotten. */
  private forgottenBefore = -Infinity;

  /** The states of the days a window touches, as decideBooking takes them. */
  states(lockerId: string, start: Date, end: Date): Map<string, ScheduleState> {
    return new Map(periodsOf(start, end).map((period) => [period, this.entry(lockerId, period).state]));
  }

  /** Records events on one day stream; returns that stream's part of the append. */
  record(lockerId: string, period: string, events: readonly ScheduleEvent[]): StreamPart {
    const entry = this.entry(lockerId, period);
    const part = { streamId: scheduleStreamId(lockerId, period), versionBefore: entry.version, events };
    entry.state = events.reduce(evolveSchedule, entry.state);
    entry.version += events.length;
    return part;
  }

  /** Forgets the days no command at or after `now` can touch (checked once per day). */
  forgetBefore(now: Date): void {
    const limit = (Math.floor(now.getTime() / DAY) - FORGET_AFTER_DAYS) * DAY;
    if (limit <= this.forgottenBefore) return;
    for (const [streamId, entry] of this.streams) if (entry.dayMs < limit) this.streams.delete(streamId);
    this.forgottenBefore = limit;
  }

  private entry(lockerId: string, period: string): Entry {
    const streamId = scheduleStreamId(lockerId, period);
    let entry = this.streams.get(streamId);
    if (!entry) {
      const dayMs = Date.parse(period);
      if (dayMs < this.forgottenBefore) throw new Error(`schedule-book: ${streamId} was already forgotten`);
      entry = { state: initialScheduleState(), version: 0, dayMs };
      this.streams.set(streamId, entry);
    }
    return entry;
  }
}
