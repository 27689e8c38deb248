/// <reference lib="dom" />
// Issue 28 item 6 in the browser: a renter extends an active booking by 2 h from the access page
// (the price and new end shown first, then the code's countdown follows the new end), and a
// second renter's booking of that locker right after the end blocks the extension, saying until
// when the locker is free. Screenshots of the dialog at 390 and 1280 px, checked with axe.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { VIEWPORTS, screenshot } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiBookPaid, apiRegister, signInPage } from './support/session.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** dd/MM/yyyy HH:mm in São Paulo, as the page writes it. */
const spDateTime = (ms: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

/** The countdown of the code card in seconds ('mm:ss'). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = ((await page.getByTestId('access-countdown').textContent()) ?? '').trim();
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

describe('extending a reservation in the browser', () => {
  const suite = useServerAndBrowser();

  for (const [label, viewport, hubId] of [
    ['mobile', VIEWPORTS.mobile, 'BH-03'],
    ['desktop', VIEWPORTS.desktop, 'BH-01'],
  ] as const) {
    it(`a renter extends an active booking by 2 h: price first, then the code countdown follows the new end (${label})`, async ({ expect }) => {
      const base = suite.server.baseUrl;
      const login = await apiRegister(base, `Estende ${label}`);
      // Begun 30 min ago (the booking's grace allows it) and ending in 3 min: the code is cut short at the end.
      const now = Date.now();
      const end = Math.floor((now + 3 * MINUTE) / MINUTE) * MINUTE + MINUTE;
      const booked = await apiBookPaid(base, login.token, {
        hub_id: hubId,
        size: 'G',
        start_time: new Date(now - 30 * MINUTE).toISOString(),
        end_time: new Date(end).toISOString(),
      });
      const page = await suite.browser.newPage({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      await signInPage(page, base, login);
      await page.goto(`${base}/access/${booked.id}`);
      await page.getByTestId('access-countdown').waitFor();
      expect(await countdownSeconds(page)).toBeLessThanOrEqual(4 * 60);

      await page.getByTestId('extend-open').click();
      const dialog = page.getByTestId('extend-dialog');
      await dialog.getByRole('heading', { name: 'Estender reserva' }).waitFor();
      // The four choices, each priced by the server; the first that fits is chosen until the renter picks.
      await expect.poll(async () => (await dialog.getByTestId('extend-price').textContent())?.replace(/\s/g, ' '), { timeout: 10_000 }).toBe('R$ 12,00');
      await dialog.getByText('+2 h').click();
      expect((await dialog.getByTestId('extend-price').textContent())?.replace(/\s/g, ' ')).toBe('R$ 24,00');
      expect((await dialog.getByTestId('extend-new-end').textContent())?.trim()).toBe(spDateTime(end + 2 * HOUR));
      expect(await dialog.getByRole('radio', { name: /\+6 h/ }).isDisabled()).toBe(false);
      await checkPage(page, `Diálogo de extensão (${label})`);
      await screenshot(page, 'extension-dialog');

      // Keyboard: the choices are radios (arrows move), and 'Confirmar e pagar' is a button.
      await dialog.getByRole('radio', { name: /\+2 h/ }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('radio', { name: /\+3 h/ }).isChecked()).toBe(true);
      await page.keyboard.press('ArrowLeft');
      expect(await dialog.getByRole('radio', { name: /\+2 h/ }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
      await settledToast(page, `Reserva estendida até ${spDateTime(end + 2 * HOUR)}.`);
      expect(await dialog.count()).toBe(0);

      // The code card follows the new end: a code good for its full 5 minutes again.
      await expect.poll(() => countdownSeconds(page), { timeout: 10_000 }).toBeGreaterThan(4 * 60);
      await page
        .getByText(spDateTime(end + 2 * HOUR))
        .first()
        .waitFor();
      await page.close();
    }, 90_000);
  }

  it("a second renter's booking of that locker right after the end blocks the extension, saying until when it is free", async ({ expect }) => {
    const base = suite.server.baseUrl;
    const [ana, bruno] = [await apiRegister(base, 'Ana Extensão'), await apiRegister(base, 'Bruno Seguinte')];
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const end = now + HOUR;
    const mine = await apiBookPaid(base, ana.token, {
      hub_id: 'BH-02',
      size: 'G',
      start_time: new Date(now).toISOString(),
      end_time: new Date(end).toISOString(),
    });
    // The first free G locker of BH-02 for the hour after Ana's end is hers.
    await apiBookPaid(base, bruno.token, { hub_id: 'BH-02', size: 'G', start_time: new Date(end).toISOString(), end_time: new Date(end + HOUR).toISOString() });

    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInPage(page, base, ana);
    await page.goto(`${base}/profile`);
    await page.getByTestId('extend-open').first().click();
    const dialog = page.getByTestId('extend-dialog');
    const notice = dialog.getByTestId('extend-free-until');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain(`Este locker está livre só até ${spDateTime(end)}.`);
    for (const hours of [1, 2, 3, 6]) expect(await dialog.getByRole('radio', { name: new RegExp(`\\+${hours} h`) }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Confirmar e pagar' }).isDisabled()).toBe(true);
    await checkPage(page, 'Diálogo de extensão, locker ocupado depois');
    await screenshot(page, 'extension-dialog-busy');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);

    // The server says the same to a direct call.
    const res = await fetch(`${base}/api/reservations/${mine.id}/extend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ hours: 1, method: 'pix' }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('locker_busy');
    await page.close();
  }, 90_000);
});
