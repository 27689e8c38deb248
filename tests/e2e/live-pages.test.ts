/// <reference lib="dom" />
// Issue 24 item 17 in Chromium against the real Hub process: the logistics Hub detail and a second
// open profile page kept what they first loaded until a reload. With a renter's profile open in
// two tabs and the staff's Hub detail open elsewhere, a booking, its payment and its cancellation
// (made through the API, as another tab or device would) show up on all three, without a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBook, apiLogin, nextHours, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'BH-03';

/** Resolves once the page's Socket.IO connection is open (its CONNECT packet, '40…', arrived). */
function socketOpen(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/** Counts main-frame navigations after this call (a reload would be one). */
function navigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count++;
  });
  return () => count;
}

async function post(base: string, token: string, path: string, body: unknown = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('issue 24 item 17: pages that follow bookings, payments and cancellations live', () => {
  const suite = useServerAndBrowser();

  it('issue 24 item 17: two profile tabs and the logistics Hub detail update without reload', async () => {
    const base = suite.server.baseUrl;
    const [renter, staff] = await Promise.all([apiLogin(base, 'cliente@hub.dev', 'cliente123'), apiLogin(base, 'logistica@hub.dev', 'logistica123')]);
    const options = { viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;

    // The renter's two tabs (one browser, one session) and the staff's own browser.
    const renterContext = await suite.browser.newContext(options);
    const staffContext = await suite.browser.newContext(options);
    for (const context of [renterContext, staffContext]) await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    const tabs = [await renterContext.newPage(), await renterContext.newPage()];
    const staffPage = await staffContext.newPage();
    const errors = [...tabs, staffPage].map(watchErrors);
    await signInPage(tabs[0]!, base, renter);
    await signInPage(staffPage, base, staff);

    const connected = [...tabs, staffPage].map(socketOpen);
    for (const tab of tabs) await tab.goto(`${base}/profile`);
    await staffPage.goto(`${base}/dashboard/logistics/hubs/${HUB}`);
    const region = staffPage.getByRole('region', { name: 'Reservas do Hub' });
    await staffPage.getByText('Nenhuma reserva neste Hub.').waitFor();
    for (const tab of tabs) await tab.getByRole('heading', { name: 'Minhas Reservas' }).waitFor();
    await Promise.all(connected);
    const navigated = [...tabs, staffPage].map(navigations);

    /** The renter's rows for this Hub in a profile tab's open panel. */
    const rowsIn = (tab: Page) => tab.getByRole('tabpanel').getByTestId('reservation-row').filter({ hasText: HUB });
    /** The Hub's 'Reservas ativas' counter. */
    const activeCount = () => staffPage.getByText('Reservas ativas', { exact: true }).locator('xpath=following-sibling::p[1]');

    // A booking: pending on every page.
    const booking = await apiBook(base, renter.token, { hub_id: HUB, size: 'P', ...nextHours(2, 3) });
    for (const tab of tabs) await rowsIn(tab).filter({ hasText: 'Pendente' }).waitFor({ timeout: 10_000 });
    await region.getByRole('row').filter({ hasText: 'Pendente' }).waitFor({ timeout: 10_000 });
    expect(await activeCount().innerText()).toBe('0');
    await checkPage(staffPage, 'detalhe do Hub (logística) após a reserva, ao vivo');

    // Its payment: active everywhere, and the Hub's counter moves.
    await post(base, renter.token, `/reservations/${booking.id}/pay`, { method: 'pix' });
    for (const tab of tabs) await rowsIn(tab).filter({ hasText: 'Ativa' }).waitFor({ timeout: 10_000 });
    await region.getByRole('row').filter({ hasText: 'Ativo' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => activeCount().innerText(), { timeout: 10_000 }).toBe('1');
    await checkPage(tabs[1]!, 'segunda aba do perfil após o pagamento, ao vivo');

    // Its cancellation: gone from Ativas in both tabs, listed under Concluídas; gone from the Hub's table.
    await post(base, renter.token, `/reservations/${booking.id}/cancel`);
    for (const tab of tabs) await expect.poll(() => rowsIn(tab).count(), { timeout: 10_000 }).toBe(0);
    await staffPage.getByText('Nenhuma reserva neste Hub.').waitFor({ timeout: 10_000 });
    expect(await activeCount().innerText()).toBe('0');
    await tabs[1]!.getByRole('tab', { name: /Concluídas/ }).click();
    await rowsIn(tabs[1]!).filter({ hasText: 'Cancelada' }).waitFor();

    expect(navigated.map((count) => count())).toEqual([0, 0, 0]);
    for (const list of errors) expect(list).toEqual([]);
    await renterContext.close();
    await staffContext.close();
  }, 120_000);
});
