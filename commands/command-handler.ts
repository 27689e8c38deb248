import type { Decider, DomainEvent } from '../domain/shared/decider.js';
import { fold } from '../domain/shared/decider.js';
import type { AppendResult, EventMetadata, EventStore, NewEvent, StoredEvent } from '../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../infra/eventstore/port.js';
import { newId } from './new-id.js';

/** Who is acting and why; `now` is the one clock reading a command is decided with. */
export interface CommandContext {
  actor: EventMetadata['actor'];
  correlationId: string;
  causationId?: string | null;
  now: Date;
  /** Set when the request carried an Idempotency-Key: recorded on every event it writes. */
  idempotencyKey?: string;
}

export function toNewEvents(events: readonly DomainEvent[], ctx: CommandContext): NewEvent[] {
  const metadata: EventMetadata = {
    actor: ctx.actor,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? null,
    at: ctx.now.toISOString(),
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
  };
  return events.map((e) => ({ id: newId(), type: e.type, data: e.data, metadata }));
}

export const asDomainEvents = <E extends DomainEvent>(stored: StoredEvent[]): E[] =>
  stored.map((e) => ({ type: e.type, data: e.data }) as E);

export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>,
): Promise<{ state: S; version: number; stored: StoredEvent[] }> {
  const stored = await store.readStream(streamId);
  return { state: fold(decider, asDomainEvents<E>(stored)), version: stored.length, stored };
}

export interface HandleResult<E, S> {
  events: E[];
  state: S;
  /** null when the decider decided nothing needed to happen. */
  appended: AppendResult | null;
}

/**
 * Read, fold, decide, append with the expected version. A concurrent writer makes the append
 * fail with a version conflict; the command is then decided again on the fresh state.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  ctx: CommandContext,
  maxAttempts = 10,
): Promise<HandleResult<E, S>> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadState(store, streamId, decider);
    const events = decider.decide(command, state);
    const next = events.reduce(decider.evolve, state);
    if (events.length === 0) return { events, state: next, appended: null };
    try {
      const appended = await store.append(streamId, toNewEvents(events, ctx), version);
      return { events, state: next, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      await backoff(attempt);
    }
  }
}

/** Small random wait so writers that collided do not collide again in lockstep. */
export const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
