// The home map's visible area as it is asked for (web/src/features/hubs/components/home/map-view.ts).
import { describe, expect, it } from 'vitest';
import type { MapView } from '../../web/src/features/hubs/components/home/map-view.js';
import { bboxParam, pageOf, roundView, viewAround, weightedCentre } from '../../web/src/features/hubs/components/home/map-view.js';

const hubAt = (latitude: number, longitude: number) => ({ location: { latitude, longitude } }) as Parameters<typeof weightedCentre>[0][number];
const inside = (outer: MapView, inner: MapView) =>
  outer.box[0] <= inner.box[0] && outer.box[1] <= inner.box[1] && outer.box[2] >= inner.box[2] && outer.box[3] >= inner.box[3];

describe('the home map by visible area', () => {
  it('widens a view to its zoom grid, so small pans ask the same thing and nothing visible is left out', () => {
    const view: MapView = { box: [-46.7012, -23.6103, -46.5987, -23.5021], zoom: 13 };
    const rounded = roundView(view);
    expect(inside(rounded, view)).toBe(true);
    expect(rounded.zoom).toBe(13);
    const panned = roundView({ box: [-46.7009, -23.61, -46.5985, -23.5019], zoom: 13 });
    expect(bboxParam(panned)).toBe(bboxParam(rounded));
    // A quarter of a tile at zoom 13: about 0.011° of longitude.
    expect(rounded.box[2] - rounded.box[0]).toBeLessThan(view.box[2] - view.box[0] + 2 * (360 / 2 ** 13 / 4) + 1e-9);
    // Fractional zooms (vector maps) round to a level; a box across the antimeridian keeps its order.
    expect(roundView({ box: [170.2, -20, -170.3, -10], zoom: 5.6 })).toMatchObject({ zoom: 6 });
    expect(roundView({ box: [170.2, -20, -170.3, -10], zoom: 5.6 }).box[0]).toBeGreaterThan(roundView({ box: [170.2, -20, -170.3, -10], zoom: 5.6 }).box[2]);
    // A view wider than the world asks for all of it.
    expect(roundView({ box: [-200, -80, 200, 80], zoom: 1 }).box).toEqual([-180, -90, 180, 90]);
  });

  it('starts where the Hubs are: their average position, clusters weighted by their counts', () => {
    const centre = weightedCentre([hubAt(-20, -40)], [{ count: 3, centre: { latitude: -24, longitude: -48 }, bbox: [-49, -25, -47, -23] }]);
    expect(centre).toEqual({ lat: -23, lng: -46 });
    expect(weightedCentre([hubAt(0, 0)], [])).toBeNull();
  });

  it('the area a map would show around a centre holds the centre', () => {
    const view = viewAround({ lat: -23.55, lng: -46.63 }, 13);
    expect(view.box[0]).toBeLessThan(-46.63);
    expect(view.box[2]).toBeGreaterThan(-46.63);
    expect(view.box[1]).toBeLessThan(-23.55);
    expect(view.box[3]).toBeGreaterThan(-23.55);
    // 1024 px at zoom 13 is 0.176° of longitude.
    expect(view.box[2] - view.box[0]).toBeCloseTo((1024 * 360) / (256 * 2 ** 13), 6);
  });

  it('pages the list, keeping the page asked for within the pages there are', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 1, 12)).toEqual({ items: items.slice(0, 12), page: 1, pages: 3 });
    expect(pageOf(items, 3, 12).items).toEqual([24]);
    expect(pageOf(items, 9, 12).page).toBe(3);
    expect(pageOf([], 1, 12)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
