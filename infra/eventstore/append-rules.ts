// Rules every adapter applies to an append before writing, so they behave the same.
import { WrongExpectedVersionError } from './port.js';
import type { AppendResult, ExpectedVersion, GlobalPosition, StreamAppend } from './port.js';

/** An event id is already used by another stream, or only part of a batch was stored before. */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    readonly eventId: string,
    detail: string,
  ) {
    super(`Stream ${streamId}: event ${eventId} ${detail}`);
  }
}

/** Throws WrongExpectedVersionError unless `actual` (events in the stream) matches. */
export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, actual: number): void {
  if (expected === 'any') return;
  const wanted = expected === 'no_stream' ? 0 : expected;
  if (wanted !== actual) throw new WrongExpectedVersionError(streamId, expected, actual);
}

/** One append per stream and each event id once per call, or the store could not stay atomic. */
export function assertWellFormed(appends: StreamAppend[]): void {
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const append of appends) {
    if (streams.has(append.streamId)) {
      throw new Error(`appendMany: stream ${append.streamId} appears more than once`);
    }
    streams.add(append.streamId);
    for (const event of append.events) {
      if (ids.has(event.id)) {
        throw new EventIdConflictError(append.streamId, event.id, 'appears twice in one append');
      }
      ids.add(event.id);
    }
  }
}

/** Where an event id already lives. */
export interface ExistingEvent {
  streamId: string;
  streamVersion: number;
  position: GlobalPosition;
}

/**
 * Decides whether an append is new or a retry of one already committed (KurrentDB semantics: the
 * same ids in the same stream succeed without writing). `found[i]` is where `ids[i]` is stored.
 */
export function classifyAppend(
  streamId: string,
  ids: string[],
  found: (ExistingEvent | undefined)[],
): { kind: 'new' } | { kind: 'retry'; result: AppendResult } {
  let last: ExistingEvent | undefined;
  let missing: string | undefined;
  ids.forEach((id, i) => {
    const existing = found[i];
    if (existing === undefined) {
      missing ??= id;
      return;
    }
    if (existing.streamId !== streamId) {
      throw new EventIdConflictError(streamId, id, `already exists in stream ${existing.streamId}`);
    }
    if (last === undefined || existing.streamVersion > last.streamVersion) last = existing;
  });
  if (last === undefined) return { kind: 'new' };
  if (missing !== undefined) {
    throw new EventIdConflictError(streamId, missing, 'is new but others of its batch already exist');
  }
  return { kind: 'retry', result: { streamId, nextVersion: last.streamVersion, position: last.position } };
}
