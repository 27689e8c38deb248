// The event store port. Adapters: PostgreSQL (default, also on PGlite), memory (unit tests) and,
// later, KurrentDB. The shape follows KurrentDB's model so its adapter fits without changes:
// streams with optimistic concurrency, idempotent appends by event id, one global order.

/** Who decided, why and when. Every event carries it. */
export interface EventMetadata {
  actor: { id: string; role: string };
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 time at which the command was decided. */
  at: string;
  /** The request's Idempotency-Key (scoped to its caller), when it carried one. */
  idempotencyKey?: string;
  /**
   * W3C traceparent of the append that wrote it, when tracing is on (infra/tracing): the
   * projection that applies the event continues that trace.
   */
  traceparent?: string;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** UUID chosen by the caller: a retried append with the same ids writes nothing twice. */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/**
 * Global order of committed events. PostgreSQL: (transaction id, sequence); KurrentDB:
 * (commit, prepare). Compare with comparePositions, never by one part alone.
 */
export interface GlobalPosition {
  tx: bigint;
  seq: bigint;
}

export const START: GlobalPosition = { tx: 0n, seq: 0n };

export interface StoredEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  /** 1-based position of the event in its stream. */
  streamVersion: number;
  position: GlobalPosition;
  /** When the store recorded it (ISO-8601). */
  recordedAt: string;
}

/**
 * Expected stream version: the number of events the stream holds before this append.
 * 'no_stream' is the same as 0; 'any' skips the check.
 */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface AppendResult {
  streamId: string;
  /** Number of events the stream holds after the append. */
  nextVersion: number;
  /** Position of the last event written (or found, on an idempotent retry). */
  position: GlobalPosition;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
  }
}

export interface ReadAllOptions {
  /** Exclusive lower bound; START reads from the beginning. */
  after: GlobalPosition;
  limit: number;
}

export interface Subscription {
  /** Resolves once the subscriber has stopped and no handler is running. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  from: GlobalPosition;
  /** Called with events in global order, in batches; the next batch waits for it. */
  handle: (events: StoredEvent[]) => Promise<void>;
  batchSize?: number;
  /**
   * How often to look for new events while nothing wakes the subscriber. Appends through the same
   * store wake it at once; on PostgreSQL, appends in other processes too (LISTEN), and this is then
   * only a slower safety poll.
   */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface EventStore {
  /** Atomic append to one stream. Throws WrongExpectedVersionError on a version mismatch. */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * Atomic append to several streams, each with its own expected version: all or nothing
   * (PostgreSQL: one transaction; KurrentDB 25.1+: multiStreamAppend).
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in order (empty array when it does not exist). */
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  /**
   * Committed events after a position in global order. Never skips an event that commits later
   * with a smaller position: it only returns events every earlier one of which is visible.
   */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** Follows readAll from a checkpoint until stopped. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}
