import { describe, expect, it } from 'vitest';
import { testHubRow, testLocker } from './hub-test-rows.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import type { LockerState } from './hub-availability.js';
import { ALWAYS, hubAvailability } from './hub-availability.js';
import type { ReservationNote } from './hub-cache.js';
import { HubCache } from './hub-cache.js';
import type { LoadedHub } from './hub-loader.js';

const at = (tx: number, seq = 0): GlobalPosition => ({ tx: BigInt(tx), seq: BigInt(seq) });
const row = testHubRow;
const locker = (id: string, hubId: string, holds: LockerState['holds'] = []): LockerState => testLocker({ id, hubId, holds });
const hub = (id: string, lockers: LockerState[]): LoadedHub => ({ row: row(id), lockers });
const note = (over: Partial<ReservationNote> = {}): ReservationNote => ({
  reservationId: 'r1',
  hubId: 'AA-00',
  lockerId: 'l1',
  startMs: 0,
  endMs: 1000,
  status: 'pending',
  paymentDueMs: 500,
  ...over,
});
const freeAt = (cache: HubCache, id: string, nowMs: number) => hubAvailability(cache.get(id)!.lockers, nowMs, ALWAYS()).available;

describe('HubCache', () => {
  it('shows a command result until a load at or past its position shows the read model', () => {
    const cache = new HubCache();
    cache.applySnapshot({ position: at(10), hubs: [hub('AA-00', [locker('l1', 'AA-00')])] });
    expect(freeAt(cache, 'AA-00', 100)).toBe(1);

    expect(cache.noteReservation(note(), at(20))).toBe(true);
    expect(freeAt(cache, 'AA-00', 100)).toBe(0);
    expect(freeAt(cache, 'AA-00', 500)).toBe(1); // unpaid past its deadline

    // A load from before the booking keeps it overlaid.
    cache.applySnapshot({ position: at(15), hubs: [hub('AA-00', [locker('l1', 'AA-00')])] }, ['AA-00']);
    expect(freeAt(cache, 'AA-00', 100)).toBe(0);
    expect(cache.overlayCount).toBe(1);
    // A load past it drops the overlay: from now on the read model tells (here: cancelled meanwhile).
    cache.applySnapshot({ position: at(20, 5), hubs: [hub('AA-00', [locker('l1', 'AA-00')])] }, ['AA-00']);
    expect(cache.overlayCount).toBe(0);
    expect(freeAt(cache, 'AA-00', 100)).toBe(1);
  });

  it('a later result of the same reservation replaces its overlay; a closed one frees the locker', () => {
    const cache = new HubCache();
    const held = [{ reservationId: 'r1', startMs: 0, endMs: 1000, payUntilMs: 500 }];
    cache.applySnapshot({ position: at(10), hubs: [hub('AA-00', [locker('l1', 'AA-00', held)])] });
    cache.noteReservation(note({ status: 'active', paymentDueMs: null }), at(30));
    expect(freeAt(cache, 'AA-00', 600)).toBe(0); // paid: held past the old deadline
    cache.noteReservation(note({ status: 'pending' }), at(25)); // an older result arriving late changes nothing
    expect(freeAt(cache, 'AA-00', 600)).toBe(0);
    cache.noteReservation(note({ status: 'cancelled' }), at(40));
    expect(freeAt(cache, 'AA-00', 100)).toBe(1);
  });

  it('goods left for pickup hold the locker past the booked end until the pickup completes', () => {
    const cache = new HubCache();
    cache.applySnapshot({ position: at(10), hubs: [hub('AA-00', [locker('l1', 'AA-00')])] });
    cache.noteReservation(note({ status: 'awaiting_pickup', paymentDueMs: null }), at(20));
    expect(freeAt(cache, 'AA-00', 5_000)).toBe(0); // well past endMs 1000
    cache.noteReservation(note({ status: 'completed', paymentDueMs: null }), at(30));
    expect(freeAt(cache, 'AA-00', 5_000)).toBe(1);
  });

  it('ignores results the loaded state already shows, and never steps back to an older load', () => {
    const cache = new HubCache();
    cache.applySnapshot({ position: at(50), hubs: [hub('AA-00', [locker('l1', 'AA-00')])] });
    cache.noteReservation(note(), at(40));
    expect(cache.overlayCount).toBe(0);
    expect(freeAt(cache, 'AA-00', 100)).toBe(1);
    const version = cache.version;
    cache.applySnapshot({ position: at(45), hubs: [] }, ['AA-00']);
    expect(cache.get('AA-00')).toBeDefined();
    expect(cache.version).toBe(version);
  });

  it('keeps the result for a Hub it has not loaded yet and applies it when the Hub arrives', () => {
    const cache = new HubCache();
    cache.applySnapshot({ position: at(10), hubs: [] });
    expect(cache.noteReservation(note({ hubId: 'BB-00' }), at(20))).toBe(false);
    cache.applySnapshot({ position: at(15), hubs: [hub('BB-00', [locker('l1', 'BB-00')])] }, ['BB-00']);
    expect(freeAt(cache, 'BB-00', 100)).toBe(0);
  });

  it('lists Hubs by id, moves the version on every change and forgets Hubs a load no longer has', () => {
    const cache = new HubCache();
    cache.applySnapshot({ position: at(1), hubs: [hub('BB-00', []), hub('AA-01', []), hub('AA-00', [])] });
    expect(cache.all().map((h) => h.row.id)).toEqual(['AA-00', 'AA-01', 'BB-00']);
    const version = cache.version;
    cache.applySnapshot({ position: at(2), hubs: [] }, ['AA-01']);
    expect(cache.version).toBeGreaterThan(version);
    expect(cache.all().map((h) => h.row.id)).toEqual(['AA-00', 'BB-00']);
    cache.applySnapshot({ position: at(3), hubs: [hub('AA-00', [])] });
    expect(cache.all().map((h) => h.row.id)).toEqual(['AA-00']);
  });
});
