/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// The home map by visible area (issue 31) with a Maps key, over a stand-in for the Google Maps API
// (support/fake-google-maps.ts): the page asks for the world's clusters first, then for the area
// the map shows at rest; zoomed out, the Hubs are clusters with their count, and a click on one
// zooms in on its Hubs; the list tab lists the area's Hubs; a booking reaches the marker live.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { installFakeGoogleMaps } from './support/fake-google-maps.js';
import { checkPage } from './support/layout.js';
import { apiBook, apiRegister } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

// tsx keeps function names with a helper the browser does not have.
const FAKE_MAPS = `var __name = (f) => f; (${installFakeGoogleMaps.toString()})();`;

const areaAsked = (requests: Request[]) => requests.map((r) => new URL(r.url())).filter((u) => u.pathname === '/api/hubs' && u.searchParams.has('bbox'));
const zoomOf = (page: Page) => page.evaluate(() => (window as unknown as { __fakeMap: { zoom: number } }).__fakeMap.zoom);

describe('home map by visible area', () => {
  const suite = useServerAndBrowser({ env: { GOOGLE_MAPS_API_KEY: 'chave-de-teste' } });

  it('asks for the area in view, clusters when zoomed out, zooms in on a cluster, lists the area and stays live', async () => {
    const base = suite.server.baseUrl;
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    await context.addInitScript({ content: FAKE_MAPS });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));

    await page.goto(`${base}/`);
    const markers = page.getByTestId('fake-map-markers');
    // The demo's public Hubs are in São Paulo and Belo Horizonte: their average position, where
    // the map starts (spec §9), lies between the two, with no Hub in view at zoom 13.
    await page.getByText('Nenhum Hub nesta área do mapa').waitFor();
    const asked = areaAsked(requests);
    expect(asked[0]?.searchParams.get('zoom')).toBe('0');
    expect(asked.some((u) => u.searchParams.get('zoom') === '13')).toBe(true);

    // Zoomed out: two clusters of three.
    await page.evaluate(() => (window as unknown as { __fakeMap: { setZoom(z: number): void } }).__fakeMap.setZoom(6));
    const clusters = markers.getByRole('button', { name: /Hubs nesta região/ });
    await clusters.nth(1).waitFor();
    expect((await clusters.allTextContents()).sort()).toEqual(['3', '3']);
    await page.getByText('6 Hubs nesta área').waitFor();
    expect(areaAsked(requests).some((u) => u.searchParams.get('zoom') === '6')).toBe(true);

    // A click fits the map to the cluster's Hubs: that city's three, one by one.
    await clusters.first().click();
    const hubMarkers = markers.getByRole('button', { name: /^Hub / });
    await hubMarkers.nth(2).waitFor();
    await clusters.first().waitFor({ state: 'detached' });
    expect(await hubMarkers.count()).toBe(3);
    expect(await zoomOf(page)).toBeGreaterThan(6);
    const shown = (await Promise.all((await hubMarkers.all()).map((m) => m.getAttribute('title')))).map((label) => label!.replace(/^Hub /, ''));
    await checkPage(page, 'Home, Mapa por área');

    // A booking of a locker now lowers the free count on its marker, without a reload.
    const hubs = (await (await fetch(`${base}/api/hubs`)).json()) as { id: string; name: string; availability: { P: { available: number } } }[];
    const booked = hubs.find((h) => h.name === shown[0] && h.availability.P.available > 0)!;
    const marker = markers.getByRole('button', { name: `Hub ${booked.name}` });
    const freeBefore = Number(await marker.textContent());
    const renter = await apiRegister(base, 'Mapa Ao Vivo');
    await apiBook(base, renter.token, {
      hub_id: booked.id,
      size: 'P',
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await page.waitForFunction(
      ({ label, expected }) => document.querySelector(`[data-testid="fake-map-markers"] [title="${label}"]`)?.textContent === String(expected),
      { label: `Hub ${booked.name}`, expected: freeBefore - 1 },
      { timeout: 15_000 },
    );

    // The list tab lists the Hubs of the area the map shows.
    await page.getByRole('tab', { name: 'Lista' }).click();
    await page.getByTestId('hub-card').first().waitFor();
    const names = await page.getByTestId('hub-card').getByRole('heading').allTextContents();
    expect(names.sort()).toEqual(shown.sort());
    await checkPage(page, 'Home, Lista por área');
    expect(errors).toEqual([]);
    await context.close();
  });
});
