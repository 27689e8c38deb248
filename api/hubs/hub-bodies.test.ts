import { describe, expect, it } from 'vitest';
import { testHubRow } from './hub-test-rows.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { HubCache } from './hub-cache.js';
import { ListBodies, detailBody } from './hub-bodies.js';

const at = (tx: number): GlobalPosition => ({ tx: BigInt(tx), seq: 0n });
const row = (id: string, isPrivate = false) => testHubRow(id, { name: id, private: isPrivate });
const lockerOf = (hubId: string, holds: { reservationId: string; startMs: number; endMs: number; payUntilMs: number | null }[] = []) => ({
  id: `${hubId}-l`,
  hubId,
  orderNumber: 1,
  size: 'P' as const,
  type: 'GMV' as const,
  pricePerHourCents: 500,
  status: 'Ativo' as const,
  collectNumber: null,
  holds,
});

function setUp() {
  const cache = new HubCache();
  cache.applySnapshot({
    position: at(1),
    hubs: [
      { row: row('AA-00'), lockers: [lockerOf('AA-00', [{ reservationId: 'r', startMs: 100, endMs: 200, payUntilMs: null }])] },
      { row: row('AA-01'), lockers: [lockerOf('AA-01')] },
      { row: row('PR-00', true), lockers: [lockerOf('PR-00')] },
    ],
  });
  const serialized: string[] = [];
  const serialize = {
    full: (summary: { id: string }) => {
      serialized.push(`full:${summary.id}`);
      return JSON.stringify(summary);
    },
    map: (summary: { id: string; lockers_available: number }) => {
      serialized.push(summary.id);
      return JSON.stringify({ id: summary.id, lockers_available: summary.lockers_available });
    },
  };
  return { cache, serialized, serialize };
}

const ids = (json: Buffer) => (JSON.parse(json.toString()) as { id: string; lockers_available: number }[]).map((h) => `${h.id}:${h.lockers_available}`);

describe('Hub bodies', () => {
  it('keeps a list until the state or the next reservation edge moves it, re-serializing only the Hubs that changed', () => {
    const { cache, serialized, serialize } = setUp();
    const lists = new ListBodies(cache);
    const first = lists.get('public', 50, serialize);
    expect(ids(first.identity)).toEqual(['AA-00:1', 'AA-01:1']);
    expect(lists.get('public', 99, serialize)).toBe(first); // same span: the same body
    expect(serialized).toEqual(['AA-00', 'AA-01']);

    const taken = lists.get('public', 100, serialize); // the reservation starts
    expect(ids(taken.identity)).toEqual(['AA-00:0', 'AA-01:1']);
    expect(taken.etag).not.toBe(first.etag);
    expect(serialized).toEqual(['AA-00', 'AA-01', 'AA-00']);

    const admin = lists.get('admin', 100, serialize); // its own shape: every Hub once
    expect(ids(admin.identity)).toEqual(['AA-00:0', 'AA-01:1', 'PR-00:1']);
    expect(JSON.parse(admin.identity.toString())[0]).toHaveProperty('zipcode');
    expect(JSON.parse(taken.identity.toString())[0]).not.toHaveProperty('zipcode');
    cache.noteReservation({ reservationId: 'x', hubId: 'AA-01', lockerId: 'AA-01-l', startMs: 0, endMs: 1000, status: 'active', paymentDueMs: null }, at(2));
    expect(ids(lists.get('public', 100, serialize).identity)).toEqual(['AA-00:0', 'AA-01:0']);
    expect(serialized.slice(3)).toEqual(['full:AA-00', 'full:AA-01', 'full:PR-00', 'AA-01']);
  });

  it('keeps the same body, compressed forms and all, when a rebuild gives the same JSON', () => {
    const { cache, serialize } = setUp();
    const lists = new ListBodies(cache);
    const before = lists.get('public', 50, serialize);
    cache.noteReservation({ reservationId: 'p', hubId: 'PR-00', lockerId: 'PR-00-l', startMs: 0, endMs: 1000, status: 'active', paymentDueMs: null }, at(2));
    expect(lists.get('public', 50, serialize)).toBe(before); // a private Hub changed: not in the public list
    expect(lists.get('admin', 50, serialize)).not.toBe(before);
  });

  it('keeps a detail per caller variant within its span', () => {
    const { cache } = setUp();
    const hub = cache.get('PR-00')!;
    const serialize = (payload: unknown) => JSON.stringify(payload);
    const restricted = detailBody(hub, 'restricted', 0, serialize);
    expect(JSON.parse(restricted.identity.toString())).toMatchObject({ has_access: false, lockers: [] });
    expect(restricted.identity.toString()).not.toContain('secret_key');
    const admin = detailBody(hub, 'admin', 0, serialize);
    expect(JSON.parse(admin.identity.toString())).toMatchObject({ has_access: true, secret_key: 'S', locker_count: 1 });
    expect(detailBody(hub, 'admin', 10_000, serialize)).toBe(admin);
  });
});
