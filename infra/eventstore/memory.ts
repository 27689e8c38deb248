// In-memory event store for unit tests: the same semantics as the PostgreSQL adapter, in one
// process. Positions are {tx: n, seq: n} with n the 1-based global index.
import { assertWellFormed, checkExpectedVersion, classifyAppend } from './append-rules.js';
import type { AppendResult, EventStore, NewEvent, StoredEvent, StreamAppend } from './port.js';
import { START, comparePositions } from './port.js';
import { createSubscriptions } from './poll-subscription.js';

// Round-trips through JSON like jsonb does, so tests cannot rely on what PostgreSQL would lose
// (Dates, undefined, class instances) and callers cannot mutate what is stored.
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T;
}

export function createMemoryEventStore(): EventStore {
  const all: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const byId = new Map<string, StoredEvent>();

  function writeStream(append: StreamAppend): AppendResult {
    const stream = streams.get(append.streamId) ?? [];
    streams.set(append.streamId, stream);
    const recordedAt = new Date().toISOString();
    for (const event of append.events) {
      const n = BigInt(all.length + 1);
      const stored: StoredEvent = {
        ...jsonCopy<NewEvent>(event),
        streamId: append.streamId,
        streamVersion: stream.length + 1,
        position: { tx: n, seq: n },
        recordedAt,
      };
      stream.push(stored);
      all.push(stored);
      byId.set(stored.id, stored);
    }
    const last = stream.at(-1);
    return { streamId: append.streamId, nextVersion: stream.length, position: last?.position ?? START };
  }

  const subscriptions = createSubscriptions((options) => store.readAll(options), { batchSize: 100, pollIntervalMs: 10 });
  const store: EventStore = {
    async append(streamId, events, expectedVersion) {
      const [result] = await store.appendMany([{ streamId, events, expectedVersion }]);
      if (result === undefined) throw new Error('append: no result');
      return result;
    },

    async appendMany(appends) {
      assertWellFormed(appends);
      // Check everything before writing anything: all or nothing.
      const plans = appends.map((append) => {
        const ids = append.events.map((event) => event.id);
        const plan = classifyAppend(
          append.streamId,
          ids,
          ids.map((id) => byId.get(id)),
        );
        if (plan.kind === 'new') {
          checkExpectedVersion(append.streamId, append.expectedVersion, streams.get(append.streamId)?.length ?? 0);
        }
        return plan;
      });
      const results = appends.map((append, i) => {
        const plan = plans[i];
        return plan?.kind === 'retry' ? plan.result : writeStream(append);
      });
      subscriptions.wake();
      return results;
    },

    async readStream(streamId, fromVersion = 1) {
      const stream = streams.get(streamId) ?? [];
      return stream.filter((event) => event.streamVersion >= fromVersion).map(copyEvent);
    },

    async readAll({ after, limit }) {
      // Everything stored is committed: nothing can appear later with a smaller position.
      const start = all.findIndex((event) => comparePositions(event.position, after) > 0);
      return start < 0 ? [] : all.slice(start, start + limit).map(copyEvent);
    },

    subscribe: (options) => subscriptions.subscribe(options),
    close: () => subscriptions.close(),
  };
  return store;
}

// bigint does not survive JSON: copy the payload, keep the position.
function copyEvent(event: StoredEvent): StoredEvent {
  const { position, ...rest } = event;
  return { ...jsonCopy(rest), position: { ...position } };
}
