// Helpers for event store tests.
import { randomUUID } from 'node:crypto';
import type { EventStore, GlobalPosition, NewEvent, StoredEvent } from '../../infra/eventstore/port.js';

export function newEvent(type = 'Tested', data: unknown = { n: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actor: { id: 'user-1', role: 'user' },
      correlationId: randomUUID(),
      causationId: null,
      at: '2025-01-02T03:04:05.000Z',
    },
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * readAll once at least `count` events are visible. On PostgreSQL a transaction still running
 * anywhere on the server (another test file's) can hold events back for a moment, by design.
 */
export async function readAllSettled(store: EventStore, after: GlobalPosition, count: number, limit = 1_000): Promise<StoredEvent[]> {
  let events: StoredEvent[] = [];
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    events = await store.readAll({ after, limit });
    if (events.length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return events;
}
