import type { StoredEvent } from '../../../infra/eventstore/port.js';
import type { Projector } from '../../../projections/projector.js';
import { dailyStatsProjector } from '../../../projections/stats/daily-stats-projector.js';
import type { LogEvent } from './event-log.js';

// Which generated events a fold of a projector's tables must handle: exactly those the projector
// itself would apply (its own `accepts`), so an event type the seed starts making, or one a
// projector starts reading, stops the seed instead of leaving rows the projector would not write.

/** The event as the projector would receive it from the store, before its position is known. */
export function asStored(event: LogEvent): StoredEvent {
  return {
    id: event.eventId,
    type: event.type,
    data: event.event.data,
    metadata: event.meta,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    position: { tx: 0n, seq: 0n },
    recordedAt: event.at,
  };
}

export const acceptedBy = (projector: Projector, event: LogEvent): boolean => projector.accepts?.(asStored(event)) ?? true;

/** The error for an event the projector applies and the fold does not know. */
export function notFolded(projector: Projector, event: LogEvent, why = 'the seed fold does not handle it'): Error {
  return new Error(
    `seed:scale: ${projector.name} applies ${event.type} (stream ${event.streamId}) but ${why}; ` +
      `teach api/seed/scale/${projector.name === dailyStatsProjector.name ? 'stats-fold.ts' : 'history-fold.ts'} that event, as the projector writes it.`,
  );
}
