// Issue 29 item 5 in the browser: an admin and a logistics user have the 'Alertas' page open; a
// jam reported on a door of a Hub the logistics user works raises an alert, and both see it appear
// and the sidebar's count rise without a reload; the logistics user acknowledges it, the admin
// resolves it, each with a toast, and both pages follow. Screenshots at 390 and 1280 px, axe 0
// serious or critical.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ControllerWentOfflineData, DoorStateReportedData } from '../../domain/doors/door-state-events.js';
import { controllerStreamId, doorStatesStreamId } from '../../domain/doors/door-state-events.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

/** Appends a fact to the server's log, as the controller or the renter's report would. */
async function appendFact(databaseUrl: string, streamId: string, type: string, data: unknown): Promise<void> {
  const pool = createPool(databaseUrl, { max: 2 });
  const store = createPostgresEventStore(pool);
  try {
    const at = new Date().toISOString();
    await store.append(
      streamId,
      [{ id: randomUUID(), type, data, metadata: { actor: { id: 'controller', role: 'system' }, correlationId: randomUUID(), causationId: null, at } }],
      'any',
    );
  } finally {
    await store.close();
    await pool.end();
  }
}

const badge = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('alerts-badge');

describe('alerts in the dashboard', () => {
  const suite = useServerAndBrowser();

  it('an admin and a logistics user see a new alert live, acknowledge and resolve it (1280 px)', async () => {
    const base = suite.server.baseUrl;
    const hubs = (await (await fetch(`${base}/api/hubs`)).json()) as { id: string; name: string }[];
    const hub = (await (await fetch(`${base}/api/hubs/${hubs[0]!.id}`)).json()) as { id: string; lockers: { id: string; order_number: number }[] };
    const locker = hub.lockers[0]!;

    const open = async (email: string, password: string) => {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInPage(page, base, await apiLogin(base, email, password));
      await page.goto(`${base}/dashboard/alerts`);
      await page.getByRole('heading', { name: 'Alertas', exact: true }).waitFor();
      await page.getByText('Nenhum alerta aberto.').waitFor();
      return { context, page, errors };
    };
    const admin = await open('admin@hub.dev', 'admin123');
    const staff = await open('logistica@hub.dev', 'logistica123');
    expect(await badge(admin.page).count()).toBe(0);
    await checkPage(admin.page, 'Alertas (vazio)');

    const jam: DoorStateReportedData = {
      reportId: randomUUID(),
      hubId: hub.id,
      lockerId: locker.id,
      lockerOrder: locker.order_number,
      state: 'jammed',
      at: new Date().toISOString(),
      source: 'renter',
      reservationId: null,
      offline: false,
    };
    await appendFact(suite.server.database.url, doorStatesStreamId(hub.id), 'DoorStateReported', jam);

    // Live, on both pages, without a reload: the card and the sidebar's count.
    for (const { page } of [admin, staff]) {
      await page.getByRole('article', { name: /Porta emperrada/ }).waitFor({ timeout: 15_000 });
      await badge(page).waitFor();
      expect(await badge(page).textContent()).toMatch(/^1\s*aberto$/);
    }
    await checkPage(admin.page, 'Alertas (um aberto)');
    await screenshot(admin.page, 'dashboard-alerts');

    await staff.page.getByRole('button', { name: /^Reconhecer: Porta emperrada/ }).click();
    await settledToast(staff.page, 'Alerta "Porta emperrada" reconhecido.');
    // The admin's page follows: acknowledged by the logistics user, no longer counted as open.
    await admin.page.getByText('Reconhecido por Logística Hub').waitFor();
    await badge(admin.page).waitFor({ state: 'detached' });

    await admin.page.getByRole('button', { name: /^Resolver: Porta emperrada/ }).click();
    await settledToast(admin.page, 'Alerta "Porta emperrada" resolvido.');
    for (const { page } of [admin, staff]) {
      await page.getByText('Nenhum alerta aberto.').waitFor();
      await page
        .getByRole('list', { name: 'Alertas resolvidos' })
        .getByText(/Resolvido por Administrador Hub/)
        .waitFor();
    }
    await checkPage(staff.page, 'Alertas (resolvido)');
    // The browser's own favicon.ico request may 404 (the app's icon is favicon.svg); nothing else may fail.
    for (const { errors } of [admin, staff]) expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await admin.context.close();
    await staff.context.close();
  }, 120_000);

  it('shows an open alert on a phone (390 px)', async () => {
    const base = suite.server.baseUrl;
    const hubs = (await (await fetch(`${base}/api/hubs`)).json()) as { id: string }[];
    const offline: ControllerWentOfflineData = {
      hubId: hubs[0]!.id,
      lastSeenAt: new Date(Date.now() - 120_000).toISOString(),
      detectedAt: new Date().toISOString(),
    };
    await appendFact(suite.server.database.url, controllerStreamId(hubs[0]!.id), 'ControllerWentOffline', offline);
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await signInPage(page, base, await apiLogin(base, 'logistica@hub.dev', 'logistica123'));
    await page.goto(`${base}/dashboard/alerts`);
    await page.getByRole('article', { name: /Controlador offline/ }).waitFor({ timeout: 15_000 });
    await checkPage(page, 'Alertas (390 px)');
    await screenshot(page, 'dashboard-alerts');
    await context.close();
  }, 120_000);
});
