import { describe, expect, it } from 'vitest';
import { newId } from './new-id.js';
import { toNewEvents } from './command-handler.js';

describe('new ids', () => {
  it('are UUIDv7: made later, they sort after (text order, as the uuid index orders them)', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('events a command writes get them, in the order they were decided', () => {
    const ctx = { actor: { id: 'u', role: 'user' }, correlationId: 'c', now: new Date('2026-11-26T10:00:00Z') };
    const events = toNewEvents(
      Array.from({ length: 50 }, (_, i) => ({ type: 'Noted', data: { i } })),
      ctx,
    );
    const ids = events.map((event) => event.id);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
