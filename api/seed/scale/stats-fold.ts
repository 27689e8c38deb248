import type { HubEvent } from '../../../domain/hubs/hub-events.js';
import { asValues, dailyStatsProjector, reservationStatsFact } from '../../../projections/stats/daily-stats-projector.js';
import { givenBack, splitByDay } from '../../../projections/stats/day-split.js';
import { installedStatsRow, lockerCapacityEvents } from '../../../projections/stats/locker-capacity.js';
import type { LogEvent } from './event-log.js';
import { acceptedBy, notFolded } from './fold-guard.js';

// The daily stats projector (projections/stats/) folded in memory from the events the seed
// generates, through the projector's own pure helpers: daily_stats per São Paulo day, each
// locker's capacity interval (stats_lockers) and the windows of reservations not yet over
// (stats_reservations), all small enough to write once after the last event.

export interface DailyStatsRow {
  day: string;
  booked_ms: number;
  capacity_ms: number;
  revenue_cents: number;
}

export type StatsLockerRow = ReturnType<typeof installedStatsRow>;

export interface StatsReservationRow {
  id: string;
  start_time: string;
  end_time: string;
}

export interface StatsFold {
  add(event: LogEvent): void;
  days(): DailyStatsRow[];
  lockers(): StatsLockerRow[];
  reservations(): StatsReservationRow[];
}

type Column = 'booked_ms' | 'capacity_ms' | 'revenue_cents';

export function createStatsFold(): StatsFold {
  const days = new Map<string, DailyStatsRow>();
  const lockers = new Map<string, StatsLockerRow>();
  const windows = new Map<string, StatsReservationRow>();

  const day = (date: string) => {
    let row = days.get(date);
    if (!row) days.set(date, (row = { day: date, booked_ms: 0, capacity_ms: 0, revenue_cents: 0 }));
    return row;
  };
  /** As the projector's addToDays: zero values touch no day; values are rounded as the bigint column does. */
  const addToDays = (column: Column, values: { date: string; value: number }[]) => {
    for (const v of values) if (v.value !== 0) day(v.date)[column] += Math.round(v.value);
  };

  function add(event: LogEvent) {
    if (!acceptedBy(dailyStatsProjector, event)) return;
    const at = event.meta.at;
    if (lockerCapacityEvents.has(event.type)) {
      const hubEvent = event.event as HubEvent;
      // Only installations: every other capacity event would close intervals this fold does not track.
      if (hubEvent.type !== 'LockerInstalled') throw notFolded(dailyStatsProjector, event);
      if (!lockers.has(hubEvent.data.lockerId)) lockers.set(hubEvent.data.lockerId, installedStatsRow(hubEvent.data, at));
      return;
    }
    const fact = reservationStatsFact(event.type, event.event.data, at);
    switch (fact?.kind) {
      case 'created': {
        const { reservationId, startTime, endTime } = fact.created;
        if (windows.has(reservationId)) return; // ON CONFLICT (id) DO NOTHING: nothing added
        windows.set(reservationId, { id: reservationId, start_time: startTime, end_time: endTime });
        for (const part of splitByDay(Date.parse(startTime), Date.parse(endTime))) day(part.date).booked_ms += part.ms;
        return;
      }
      case 'revenue':
        return addToDays('revenue_cents', [{ date: fact.date, value: fact.value }]);
      case 'extended': {
        const window = windows.get(fact.reservationId);
        if (window && Date.parse(window.end_time) === Date.parse(fact.fromEndTime)) {
          window.end_time = fact.toEndTime;
          for (const part of splitByDay(Date.parse(fact.fromEndTime), Date.parse(fact.toEndTime))) day(part.date).booked_ms += part.ms;
        }
        return addToDays('revenue_cents', [{ date: fact.date, value: fact.value }]);
      }
      case 'ended': {
        const window = windows.get(fact.reservationId);
        windows.delete(fact.reservationId);
        if (fact.early && window) {
          addToDays('booked_ms', asValues(givenBack(Date.parse(window.start_time), Date.parse(window.end_time), Date.parse(at)), -1));
        }
        return;
      }
      default:
        throw notFolded(dailyStatsProjector, event);
    }
  }

  return {
    add,
    days: () => [...days.values()],
    lockers: () => [...lockers.values()],
    reservations: () => [...windows.values()],
  };
}
