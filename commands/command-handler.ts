import type { Decider, DomainEvent } from '../domain/shared/decider.js';
import { fold } from '../domain/shared/decider.js';
import type { AppendResult, EventMetadata, EventStore, ExpectedVersion, NewEvent, StoredEvent } from '../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../infra/eventstore/port.js';
import { writtenAllBy } from './idempotency.js';
import { newId } from './new-id.js';
import { inSpan } from '../infra/tracing/spans.js';
import type { StreamLocks } from './stream-locks.js';

// The one command handler: read → decide → append with expected versions → on a lost append,
// refresh, back off and decide again. Every command runs through `runCommand`; what differs
// between them (which streams, from which cache, what a conflict on which stream means) is in
// its spec. No other code catches WrongExpectedVersionError.

/** Who is acting and why; `now` is the one clock reading a command is decided with. */
export interface CommandContext {
  actor: EventMetadata['actor'];
  correlationId: string;
  causationId?: string | null;
  now: Date;
  /** Set when the request carried an Idempotency-Key: recorded on every event it writes. */
  idempotencyKey?: string;
}

export function toNewEvents(events: readonly DomainEvent[], ctx: CommandContext, ids?: readonly string[]): NewEvent[] {
  const metadata: EventMetadata = {
    actor: ctx.actor,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? null,
    at: ctx.now.toISOString(),
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
  };
  return events.map((e, i) => ({ id: ids?.[i] ?? newId(), type: e.type, data: e.data, metadata }));
}

export const asDomainEvents = <E extends DomainEvent>(stored: StoredEvent[]): E[] => stored.map((e) => ({ type: e.type, data: e.data }) as E);

/** A stream read whole: its events, their fold, and its version (the number of events). */
export interface LoadedStream<S> {
  state: S;
  version: number;
  stored: StoredEvent[];
}

/** One stream read whole and folded: the loader of a command that keeps no cache of it. */
export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>,
): Promise<LoadedStream<S>> {
  const stored = await store.readStream(streamId);
  return { state: fold(decider, asDomainEvents<E>(stored)), version: stored.length, stored };
}

/** One stream's part of an atomic append. Its expected version is checked even with no events. */
export interface StreamWrite {
  streamId: string;
  events: readonly DomainEvent[];
  expectedVersion: ExpectedVersion;
  /**
   * Ids for its events, when the command derives them (a report named by the request): the store
   * then writes an append it already holds nothing twice (append-rules.ts, classifyAppend).
   */
  eventIds?: readonly string[];
}

/** What an append returned, by stream. */
export interface Appended {
  results: AppendResult[];
  of(streamId: string): AppendResult;
}

export type Decision<R> =
  /**
   * Append to every stream in one atomic append, then answer with `written`; `written(null)` when
   * no stream gets an event (nothing to do: nothing is appended, no version is checked).
   */
  | { append: StreamWrite[]; written: (appended: Appended | null) => R }
  /** Answer without writing (nothing to do, or done before). */
  | { answer: R }
  /** Nothing written: read and decide again (another candidate). Not a lost append. */
  | { again: true };

export const AGAIN = { again: true } as const;

/** After a lost append: decide again (first waiting `backoff(n)` when n > 0), or answer. */
export type AfterConflict<R> = { retry: true; backoff?: number } | { answer: R };

export interface CommandSpec<L, R> {
  /** Reads what deciding needs (whole streams, or cached folds read forward). */
  read(): Promise<L>;
  /** Streams this process's writers of them queue on while this attempt decides and appends. */
  queue?: { locks: StreamLocks; streams(loaded: L): readonly string[] };
  /** With an Idempotency-Key, what the request already wrote there answers it (undefined: decide). */
  replay?: { stored(loaded: L): readonly StoredEvent[]; answer(written: StoredEvent[], loaded: L): R | undefined };
  decide(loaded: L): Decision<R> | Promise<Decision<R>>;
  /** Right after a lost append, still queued on the streams: bring caches up to the conflict. */
  refresh?(conflict: WrongExpectedVersionError, loaded: L): Promise<void>;
  /** What a lost append means. Default: decide again after backoff(lost). */
  onConflict?(conflict: WrongExpectedVersionError, loaded: L, lost: number): AfterConflict<R> | Promise<AfterConflict<R>>;
  /** Lost appends before giving up (default 10; Infinity when the spec bounds itself). */
  maxAttempts?: number;
  /** What is thrown after the last lost append (default: the conflict itself). */
  exhausted?(conflict: WrongExpectedVersionError): Error;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

type Step<R> = { done: R } | { again: true } | { lost: WrongExpectedVersionError };

/**
 * Runs a command: read, decide, append what it decided to every stream at once with the
 * expected versions; a concurrent writer makes the append fail and the command is decided
 * again on fresh state, up to `maxAttempts` lost appends.
 */
export async function runCommand<L, R>(store: EventStore, ctx: CommandContext, spec: CommandSpec<L, R>): Promise<R> {
  const maxAttempts = spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let lost = 0; ;) {
    const loaded = await spec.read();
    if (spec.replay && ctx.idempotencyKey) {
      const written = writtenAllBy(spec.replay.stored(loaded), ctx.idempotencyKey);
      const answer = written.length > 0 ? spec.replay.answer(written, loaded) : undefined;
      if (answer !== undefined) return answer;
    }
    const streams = spec.queue?.streams(loaded) ?? [];
    const step = streams.length > 0 ? await spec.queue!.locks.run(streams, () => attempt(store, ctx, spec, loaded)) : await attempt(store, ctx, spec, loaded);
    if ('done' in step) return step.done;
    if ('again' in step) continue;
    if (++lost >= maxAttempts) throw spec.exhausted?.(step.lost) ?? step.lost;
    const next = spec.onConflict ? await spec.onConflict(step.lost, loaded, lost) : { retry: true as const, backoff: lost };
    if ('answer' in next) return next.answer;
    if (next.backoff) await backoff(next.backoff);
  }
}

async function attempt<L, R>(store: EventStore, ctx: CommandContext, spec: CommandSpec<L, R>, loaded: L): Promise<Step<R>> {
  const decided = spec.decide(loaded);
  const decision = decided instanceof Promise ? await decided : decided;
  if ('answer' in decision) return { done: decision.answer };
  if ('again' in decision) return AGAIN;
  if (decision.append.every((w) => w.events.length === 0)) return { done: decision.written(null) };
  try {
    const results = await store.appendMany(
      decision.append.map((w) => ({ streamId: w.streamId, events: toNewEvents(w.events, ctx, w.eventIds), expectedVersion: w.expectedVersion })),
    );
    return { done: decision.written(appendedOf(results)) };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (spec.refresh) await spec.refresh(error, loaded);
    return { lost: error };
  }
}

function appendedOf(results: AppendResult[]): Appended {
  return {
    results,
    of(streamId) {
      const result = results.find((r) => r.streamId === streamId);
      if (!result) throw new Error(`no append result for stream ${streamId}`);
      return result;
    },
  };
}

/** Small random wait so writers that collided do not collide again in lockstep. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));

export interface HandleResult<E, S> {
  events: E[];
  state: S;
  /** null when the decider decided nothing needed to happen. */
  appended: AppendResult | null;
}

/** One decider on one stream read whole: the simplest spec (tests, tools). */
export function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  ctx: CommandContext,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<HandleResult<E, S>> {
  const type = (command as { type?: unknown }).type;
  return inSpan(
    `command ${typeof type === 'string' ? type : 'handleCommand'}`,
    () =>
      runCommand<LoadedStream<S>, HandleResult<E, S>>(store, ctx, {
        maxAttempts,
        read: () => loadState(store, streamId, decider),
        decide: ({ state, version }) => {
          const events = decider.decide(command, state);
          const next = events.reduce(decider.evolve, state);
          return {
            append: [{ streamId, events, expectedVersion: version }],
            written: (appended) => ({ events, state: next, appended: appended?.of(streamId) ?? null }),
          };
        },
      }),
    { attributes: { 'hub.stream': streamId } },
  );
}
