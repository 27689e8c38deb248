/// <reference lib="dom" />
// Issue 29 item 4 in Chromium against the real Hub process: the admin's Hub page (1280 px) and the
// logistics Hub page (390 px) are open when a door reports it did not open: both show 'Emperrada'
// without a reload (the push; the safety poll is 30 s). The controller beats, then stops: both
// turn to 'Controlador offline desde …' on their own, and the Hub lists carry the badge. axe on each
// state; screenshots at both widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { recordHeartbeat } from '../../infra/controller/heartbeats.js';
import { createPool } from '../../infra/db/pool.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { reportDoorState } from '../support/door-states.js';
import { screenshot, VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiLogin, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'BH-02';
const OFFLINE_AFTER_MS = 5000;

describe("doors' states and the controller, live on the staff pages", () => {
  // A short bound and a quick sweep, so going offline takes seconds, not the default 90 s.
  const suite = useServerAndBrowser({ env: { CONTROLLER_OFFLINE_AFTER_MS: String(OFFLINE_AFTER_MS), CONTROLLER_SWEEP_INTERVAL_MS: '500' } });
  let db: Pool;
  let store: EventStore;

  beforeAll(() => {
    db = createPool(suite.server.database.url, { max: 2 });
    store = createPostgresEventStore(db);
  });
  afterAll(async () => {
    await store?.close();
    await db?.end();
  });

  async function open(login: Login, path: string, viewport: { width: number; height: number }) {
    const context = await suite.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInPage(page, suite.server.baseUrl, login);
    await page.goto(`${suite.server.baseUrl}${path}`);
    const card = page.getByRole('list', { name: 'Estado das portas' });
    await card.waitFor();
    // Set once: still there at the end means the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    return { page, errors, close: () => context.close() };
  }

  it('a jammed door and a controller going offline reach the admin and logistics pages without a reload (390 and 1280 px)', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const staff = await apiLogin(base, 'logistica@hub.dev', 'logistica123');
    const doors = (await (await fetch(`${base}/api/hubs/${HUB}/doors`, { headers: { authorization: `Bearer ${staff.token}` } })).json()) as {
      doors: { locker_id: string; locker_order: number }[];
    };
    const first = doors.doors[0]!;

    const adminPage = await open(admin, `/dashboard/hubs/${HUB}`, VIEWPORTS.desktop);
    const staffPage = await open(staff, `/dashboard/logistics/hubs/${HUB}`, VIEWPORTS.mobile);
    const pages = [adminPage.page, staffPage.page];
    for (const page of pages) await page.getByText('Sem controlador', { exact: true }).waitFor();

    // The renter's "A porta não abriu": a push, well before the 30 s poll.
    await reportDoorState(store, {
      hubId: HUB,
      lockerId: first.locker_id,
      lockerOrder: first.locker_order,
      state: 'jammed',
      at: new Date().toISOString(),
      source: 'renter',
    });
    for (const page of pages) {
      const door = page.locator(`[data-door="${first.locker_order}"]`);
      await door.getByText('Emperrada', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await door.innerText()).toContain('informado pelo cliente');
    }

    // The controller beats (the first beat is no event: the pages read it on load).
    const beat = () => recordHeartbeat(db, { hubId: HUB, lastSeenAt: new Date(), manifestIssuedAt: null });
    await beat();
    const beating = setInterval(() => void beat(), 1000);
    try {
      for (const page of pages) {
        await page.reload();
        await page.getByText('Controlador online', { exact: true }).waitFor();
        await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
      }
      await checkPage(adminPage.page, 'Hub (admin) com controlador online');
      await checkPage(staffPage.page, 'Hub (logística) com controlador online');
    } finally {
      clearInterval(beating);
    }

    // It stops: offline on both pages within the bound and a read, with no reload.
    const offline = /^Controlador offline desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
    for (const page of pages) {
      await page.getByText(offline).waitFor({ timeout: OFFLINE_AFTER_MS + 15_000 });
      expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    }

    for (const [page, name] of [
      [adminPage.page, 'doors-admin-hub'],
      [staffPage.page, 'doors-logistics-hub'],
    ] as const) {
      for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        await page.getByText(offline).waitFor();
        await checkPage(page, `${name} offline (${viewport.width} px)`);
        await screenshot(page, name);
      }
    }

    // The admin's locker cards name the door's state too.
    await adminPage.page.getByRole('tab', { name: /Lockers/ }).click();
    await adminPage.page
      .getByRole('article', { name: `Locker ${String(first.locker_order).padStart(2, '0')}` })
      .getByText('Emperrada', { exact: true })
      .waitFor();
    await checkPage(adminPage.page, 'Lockers (admin) com o estado da porta');

    // The logistics card grid carries the badge too.
    await staffPage.page.goto(`${base}/dashboard/logistics/hubs`);
    await staffPage.page
      .getByRole('list', { name: 'Hubs' })
      .getByRole('listitem')
      .filter({ has: staffPage.page.getByRole('link', { name: 'Centro', exact: true }) })
      .getByText(offline)
      .waitFor();
    await checkPage(staffPage.page, 'Hubs de logística com controlador offline');

    // And the admin's Hub table, on the Hub's row (Hubs never heard from stay quiet there).
    await adminPage.page.goto(`${base}/dashboard/hubs`);
    const row = adminPage.page.getByRole('row').filter({ has: adminPage.page.getByRole('link', { name: 'Centro', exact: true }) });
    await row.getByText(offline).waitFor();
    expect(await adminPage.page.getByText('Sem controlador').count()).toBe(0);
    await checkPage(adminPage.page, 'Hubs (admin) com controlador offline');

    expect(adminPage.errors).toEqual([]);
    expect(staffPage.errors).toEqual([]);
    await adminPage.close();
    await staffPage.close();
  }, 180_000);
});
