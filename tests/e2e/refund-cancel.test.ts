/// <reference lib="dom" />
// Issue 28 item 4 in the browser: a renter cancels a paid booking from the profile; the dialog
// says what will come back before the renter confirms (the cancellation policy), and afterwards
// the profile shows the refund on that reservation, turning to 'devolvido' once the refund
// workers have carried it out; the admin downloads the day's finance CSV from the dashboard.
// Screenshots of the confirmation at 390 and 1280 px, axe on each.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBookPaid, apiLogin, apiRegister, nextHours, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const brl = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

describe('cancelling with a refund from the profile', () => {
  const state = useServerAndBrowser();
  let renter: Login;
  let booked: { id: string; price: number };

  async function openProfile(viewport: { width: number; height: number }) {
    const ctx = await state.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await ctx.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    const page = await ctx.newPage();
    await signInPage(page, state.server.baseUrl, renter);
    await page.goto(`${state.server.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Minhas Reservas' }).waitFor();
    return { ctx, page };
  }
  const openDialog = async (page: Page) => {
    await page.getByTestId('reservation-row').getByRole('button', { name: 'Cancelar reserva' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Você receberá ${brl(booked.price)} de volta.`).waitFor();
    return dialog;
  };

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows what will be refunded before confirming, at ${viewport.width} px (${label}); axe on it`, async () => {
      if (!renter) {
        renter = await apiRegister(state.server.baseUrl, 'Renata Reembolso');
        // More than 24 h ahead: everything comes back.
        booked = await apiBookPaid(state.server.baseUrl, renter.token, { hub_id: 'BH-01', size: 'M', ...nextHours(2, 28) });
      }
      const { ctx, page } = await openProfile(viewport);
      const errors = watchErrors(page);
      const dialog = await openDialog(page);
      await dialog.getByText('Cancelamento com mais de 24 horas de antecedência: reembolso integral.').waitFor();
      await checkPage(page, 'Confirmação de cancelamento com reembolso');
      await screenshot(page, 'refund-confirmation');
      // Keeping it changes nothing.
      await dialog.getByRole('button', { name: 'Manter reserva' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await ctx.close();
    }, 120_000);
  }

  it('cancels, and the profile shows the refund and then that it was returned', async () => {
    const { ctx, page } = await openProfile(VIEWPORTS.desktop);
    const errors = watchErrors(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Concluídas/ }).click();
    const row = page.getByTestId('reservation-row').filter({ hasText: 'Cancelada' });
    await row.getByTestId('reservation-refund').waitFor();
    // The refund workers run in the server process: 'em processamento' turns to 'devolvido' by itself.
    await row.getByText(`Reembolso de ${brl(booked.price)}: devolvido`).waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("the admin downloads the day's finance CSV from the dashboard: the payment and the refund, with totals", async () => {
    const admin = await apiLogin(state.server.baseUrl, 'admin@hub.dev', 'admin123');
    const ctx = await state.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', acceptDownloads: true });
    const page = await ctx.newPage();
    await signInPage(page, state.server.baseUrl, admin);
    await page.goto(`${state.server.baseUrl}/dashboard`);
    await page.getByText('Financeiro do dia').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Baixar CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^financeiro-\d{4}-\d{2}-\d{2}\.csv$/);
    // Playwright keeps the file in its own folder and removes it with the context.
    const text = readFileSync(await download.path(), 'utf8');
    const lines = text.split('\r\n').filter((line) => line.includes(booked.id));
    expect(lines.map((line) => line.split(';')[1])).toEqual(['Pagamento', 'Reembolso']);
    expect(text).toContain(`;Total reembolsado;;;;;;;;;;R$ -`);
    await ctx.close();
  }, 120_000);
});
