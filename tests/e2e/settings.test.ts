/// <reference lib="dom" />
// Issue 27 items 6–7 in Chromium against the real Hub process: an admin changes each card of
// 'Configurações' and saves it (a toast each; the limit's pt-BR message first for a 0); turning
// maintenance mode on shows the banner on a visitor's open home page without a reload, and a
// renter's booking is refused with its message; turning it off takes the banner away live.
// Screenshots of the settings screen at 390 and 1280 px, checked with axe.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

async function open(browser: Browser, base: string, login: Login | null, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (login) await signInPage(page, base, login);
  return { context, page, errors };
}

const putSettings = (base: string, token: string, body: object) =>
  fetch(`${base}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('settings in the browser', () => {
  const suite = useServerAndBrowser();

  it('an admin saves each card; maintenance shows its banner live and refuses a booking with its message', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const visitor = await open(suite.browser, base, null);
    await visitor.page.goto(`${base}/`);
    await visitor.page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();

    const { context, page, errors } = await open(suite.browser, base, admin);
    await page.goto(`${base}/dashboard/settings`);
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();

    const general = page.getByRole('form', { name: 'Geral' });
    await general.getByLabel('Nome da empresa').fill('Hub Lockers');
    await general.getByLabel('Telefone de suporte').fill('(11) 4002-8922');
    await general.getByRole('button', { name: 'Salvar' }).click();
    await settledToast(page, 'Configurações gerais salvas com sucesso!');

    const integrations = page.getByRole('form', { name: 'Integrações' });
    await integrations.getByRole('switch', { name: 'Webhooks' }).click();
    await integrations.getByRole('button', { name: 'Salvar' }).click();
    await settledToast(page, 'Integrações salvas com sucesso!');

    const advanced = page.getByRole('form', { name: 'Avançado' });
    await advanced.getByLabel('Limite de reservas por usuário').fill('0');
    await advanced.getByRole('button', { name: 'Salvar' }).click();
    await advanced.getByText(SettingsMessages.reservationLimit).waitFor();
    await advanced.getByLabel('Limite de reservas por usuário').fill('3');
    // Keyboard: the switch takes Space.
    await advanced.getByRole('switch', { name: 'Modo de manutenção' }).focus();
    await page.keyboard.press('Space');
    await advanced.getByRole('button', { name: 'Salvar' }).click();
    await settledToast(page, 'Configurações avançadas salvas com sucesso!');

    const saved = (await (await fetch(`${base}/api/settings`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      company_name: 'Hub Lockers',
      support_phone: '1140028922',
      webhooks_enabled: false,
      reservation_limit: 3,
      maintenance_mode: true,
    });

    // The visitor's open home page shows the banner without a reload.
    await visitor.page.getByRole('status').filter({ hasText: SettingsMessages.maintenance }).waitFor();
    await checkPage(visitor.page, 'Home com aviso de manutenção');

    // A renter's booking is refused with the message.
    const renter = await apiLogin(base, 'cliente@hub.dev', 'cliente123');
    const booking = await open(suite.browser, base, renter);
    await booking.page.goto(`${base}/hubs/SP-03`);
    await booking.page.getByTestId('size-card-M').click();
    const refused = booking.page.waitForResponse((r) => r.url().endsWith('/api/reservations/by-size') && r.request().method() === 'POST');
    await booking.page.getByRole('button', { name: 'Reservar' }).click();
    expect((await refused).status()).toBe(409);
    await booking.page.getByText(SettingsMessages.maintenance).first().waitFor();

    // Off again (through the API): the banner goes live too.
    expect((await putSettings(base, admin.token, { maintenance_mode: false, reservation_limit: 5, webhooks_enabled: true, company_name: 'Hub' })).status).toBe(
      200,
    );
    await visitor.page.getByRole('status').filter({ hasText: SettingsMessages.maintenance }).waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    expect(booking.errors.filter((e) => !e.includes('409') && !e.includes('Failed to load resource'))).toEqual([]);
    await Promise.all([context.close(), visitor.context.close(), booking.context.close()]);
  }, 120_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshot of the settings screen at ${viewport.width} px (${label})`, async () => {
      const base = suite.server.baseUrl;
      const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
      const { context, page } = await open(suite.browser, base, admin, viewport);
      await page.goto(`${base}/dashboard/settings`);
      await page.getByRole('form', { name: 'Avançado' }).waitFor();
      await checkPage(page, 'Configurações');
      await screenshot(page, 'settings');
      await context.close();
    }, 120_000);
  }
});
