import type { DomainEvent } from '../../../domain/shared/decider.js';
import type { EventMetadata } from '../../../infra/eventstore/port.js';
import type { Random } from './random.js';

// What the generator hands to the store writer: rows of the `events` table in global order, with
// the stream versions an append through the event store would have given them.

export interface LogEvent {
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  /** JSON text of the event's data and metadata, as the store keeps them. */
  data: string;
  metadata: string;
  /** The decision time (metadata.at); the store's recorded_at. */
  at: string;
  /** The event and metadata as objects, for the folds of the read models (no JSON to parse back). */
  event: DomainEvent;
  meta: EventMetadata;
}

export type LogSink = (event: LogEvent) => void;

/** One stream's part of an atomic append: its version before the append and its new events. */
export interface StreamPart {
  streamId: string;
  versionBefore: number;
  events: readonly DomainEvent[];
}

/**
 * Emits one append to several streams, in the order the command handlers list them (the order
 * hub_append inserts them), with the metadata toNewEvents gives every event of a command.
 */
export function emitAppend(sink: LogSink, random: Random, parts: readonly StreamPart[], metadata: EventMetadata): void {
  const meta = JSON.stringify(metadata);
  for (const part of parts) {
    part.events.forEach((event, i) => {
      sink({
        streamId: part.streamId,
        streamVersion: part.versionBefore + i + 1,
        eventId: random.uuid(),
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: meta,
        at: metadata.at,
        event,
        meta: metadata,
      });
    });
  }
}

/** A renter's (or admin's) request: one correlation id per request, as api/http/command-context.ts. */
export const userMetadata = (random: Random, user: { id: string; role: string }, at: string): EventMetadata => ({
  actor: { id: user.id, role: user.role },
  correlationId: random.uuid(),
  causationId: null,
  at,
});

/** The expiry job of a reservation, whose job id is the reservation's id (workers/worker-context.ts). */
export const workerMetadata = (reservationId: string, at: string): EventMetadata => ({
  actor: { id: 'worker', role: 'worker' },
  correlationId: reservationId,
  causationId: reservationId,
  at,
});
