import { describe, expect, it } from 'vitest';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import type { ReservationNote } from './hub-cache.js';
import { HubCache } from './hub-cache.js';
import type { LoadedHub } from './hub-loader.js';
import { testHubRow, testLocker } from './hub-test-rows.js';
import { KnownAreas, ViewportBodies, areaOf } from './hub-viewport.js';

const at = (tx: number): GlobalPosition => ({ tx: BigInt(tx), seq: 0n });
const hubAt = (id: string, latitude: number, longitude: number, isPrivate = false): LoadedHub => ({
  row: testHubRow(id, { latitude, longitude, private: isPrivate }),
  lockers: [testLocker({ id: `${id}-l`, hubId: id })],
});
const booking = (hubId: string): ReservationNote => ({
  reservationId: `r-${hubId}`,
  hubId,
  lockerId: `${hubId}-l`,
  startMs: 0,
  endMs: 10_000,
  status: 'active',
  paymentDueMs: null,
});
const BOX = { minLng: -47, minLat: -24, maxLng: -46, maxLat: -23 };
const area = (zoom: number) => areaOf(BOX, zoom);

function setUp() {
  const cache = new HubCache();
  cache.applySnapshot({ position: at(1), hubs: [hubAt('AA-00', -23.5, -46.5), hubAt('AA-01', -23.501, -46.501), hubAt('PR-00', -23.6, -46.6, true)] });
  const serialized: string[] = [];
  const serialize = (summary: { id: string; lockers_available: number }) => {
    serialized.push(summary.id);
    return JSON.stringify({ id: summary.id, free: summary.lockers_available });
  };
  return { cache, bodies: new ViewportBodies(cache), serialized, serialize };
}

const parse = (body: { identity: Buffer }) =>
  JSON.parse(body.identity.toString()) as { total: number; zoom: number; hubs: { id: string; free: number }[]; clusters: { count: number }[] };

describe('ViewportBodies', () => {
  it('clusters close Hubs when zoomed out, shows them alone when zoomed in, private ones for admins only', () => {
    const { bodies, serialize } = setUp();
    const far = parse(bodies.get('public', area(8), 5, serialize));
    expect(far).toMatchObject({ total: 2, zoom: 8, hubs: [], clusters: [{ count: 2 }] });
    const near = parse(bodies.get('public', area(18), 5, serialize));
    expect(near.hubs.map((h) => h.id)).toEqual(['AA-00', 'AA-01']);
    expect(near.clusters).toEqual([]);
    expect(parse(bodies.get('admin', area(18), 5, serialize)).hubs.map((h) => h.id)).toEqual(['AA-00', 'AA-01', 'PR-00']);
  });

  it('keeps an answer until its Hubs change; a booking re-serializes that Hub only and keeps the clusters', () => {
    const { cache, bodies, serialize, serialized } = setUp();
    const first = bodies.get('public', area(18), 5, serialize);
    expect(bodies.get('public', area(18), 6, serialize)).toBe(first);
    const places = cache.placesVersion;
    serialized.length = 0;
    cache.noteReservation(booking('AA-00'), at(2));
    expect(cache.placesVersion).toBe(places); // availability is not a place
    const after = parse(bodies.get('public', area(18), 7, serialize));
    expect(after.hubs.find((h) => h.id === 'AA-00')?.free).toBe(0);
    expect(serialized).toEqual(['AA-00']);
  });

  it('a Hub that moves, goes private or appears changes the places, and the answer follows', () => {
    const { cache, bodies, serialize } = setUp();
    expect(parse(bodies.get('public', area(18), 5, serialize)).total).toBe(2);
    let places = cache.placesVersion;
    cache.applySnapshot({ position: at(2), hubs: [hubAt('AA-01', -10, -40)] }, ['AA-01']); // moved out of the box
    expect(cache.placesVersion).toBeGreaterThan(places);
    expect(parse(bodies.get('public', area(18), 5, serialize)).hubs.map((h) => h.id)).toEqual(['AA-00']);
    places = cache.placesVersion;
    cache.applySnapshot({ position: at(3), hubs: [hubAt('PR-00', -23.6, -46.6, false)] }, ['PR-00']); // made public
    expect(cache.placesVersion).toBeGreaterThan(places);
    expect(parse(bodies.get('public', area(18), 5, serialize)).hubs.map((h) => h.id)).toEqual(['AA-00', 'PR-00']);
  });

  it('remembers valid query texts only', () => {
    const areas = new KnownAreas();
    let parsed = 0;
    const parse = () => (parsed++, area(12));
    expect(areas.get('-47,-24,-46,-23', '12', parse)).toEqual(area(12));
    expect(areas.get('-47,-24,-46,-23', '12', parse)).toEqual(area(12));
    expect(parsed).toBe(1);
    const refuse = () => {
      throw new Error('400');
    };
    expect(() => areas.get('abc', '12', refuse)).toThrow('400');
    expect(() => areas.get('abc', '12', refuse)).toThrow('400');
    // Repeated parameters (arrays) are always parsed (and refused there).
    areas.get(['-47,-24,-46,-23', 'x'], '12', parse);
    expect(parsed).toBe(2);
  });
});
