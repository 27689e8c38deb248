import type { DomainEvent } from '../domain/shared/decider.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { Lru } from './lru.js';

/** A stream's state folded up to (and including) event number `version`. */
export interface Folded<S> {
  readonly state: S;
  readonly version: number;
}

interface Fold<E, S> {
  evolve(state: S, event: E): S;
  initialState(): S;
}

/**
 * Folded states of one kind of stream, kept per process. A cached state is never trusted on its
 * own: a caller either refreshes it (reading only the events after its version) or appends with
 * its version as the expected one, so a stale entry costs one more read or one retry, never a
 * wrong write. States are immutable values shared by concurrent commands.
 */
export class StreamStateCache<E extends DomainEvent, S> {
  private readonly entries: Lru<string, Folded<S>>;
  private readonly reading = new Map<string, Promise<Folded<S>>>();

  constructor(
    private readonly decider: Fold<E, S>,
    max: number,
  ) {
    this.entries = new Lru(max);
  }

  get size(): number {
    return this.entries.size;
  }

  peek(streamId: string): Folded<S> | undefined {
    return this.entries.get(streamId);
  }

  /**
   * The stream as it is now: the cached fold plus the events appended since (one read, which
   * concurrent callers share). `atLeast` (a version a conflict reported) skips sharing a read
   * that may have started before that version was written.
   */
  load(store: EventStore, streamId: string, atLeast = 0): Promise<Folded<S>> {
    const cached = this.entries.get(streamId);
    if (cached && atLeast > 0 && cached.version > atLeast) this.entries.delete(streamId); // the stream was reset: start over
    const shared = atLeast === 0 ? this.reading.get(streamId) : undefined;
    if (shared) return shared;
    const read = this.refresh(store, streamId).finally(() => {
      if (this.reading.get(streamId) === read) this.reading.delete(streamId);
    });
    this.reading.set(streamId, read);
    return read;
  }

  /** Keeps a state unless a newer one is already cached. */
  remember(streamId: string, folded: Folded<S>): void {
    const current = this.entries.get(streamId);
    if (!current || folded.version >= current.version) this.entries.set(streamId, folded);
  }

  /**
   * Our own append landed: if `base` (by default the cached state) is exactly what the stream
   * held before it, the new state is known without reading.
   */
  applyAppended(streamId: string, events: readonly E[], nextVersion: number, base?: Folded<S>): void {
    base ??= this.entries.get(streamId);
    if (base && base.version === nextVersion - events.length) {
      this.remember(streamId, { state: events.reduce(this.decider.evolve, base.state), version: nextVersion });
    }
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  private async refresh(store: EventStore, streamId: string): Promise<Folded<S>> {
    let base = this.entries.get(streamId);
    let stored = await store.readStream(streamId, (base?.version ?? 0) + 1);
    if (stored.length > 0 && stored[0]!.streamVersion !== (base?.version ?? 0) + 1) {
      base = undefined; // not the continuation of what we hold: fold the whole stream
      stored = await store.readStream(streamId);
    }
    const state = stored.reduce((s, e) => this.decider.evolve(s, { type: e.type, data: e.data } as E), base?.state ?? this.decider.initialState());
    const folded = { state, version: stored.at(-1)?.streamVersion ?? base?.version ?? 0 };
    this.remember(streamId, folded);
    // Our own append may have landed meanwhile: answer with the newest state known.
    const newest = this.entries.get(streamId);
    return newest && newest.version > folded.version ? newest : folded;
  }
}
