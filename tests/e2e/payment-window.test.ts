/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// An unpaid reservation holds its locker for a payment window (ADR 0005). Here the window is 9 s
// (PAYMENT_WINDOW_MINUTES=0.15) so the checkout's countdown can be watched to its end.
import { describe, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiBook, apiRegister, nextHours, signInPage } from './support/session.js';

const OVER = 'O prazo para pagamento terminou. Faça uma nova reserva.';

// The three run side by side (each on its own page and reservation): most of their time is waiting.
describe.concurrent('payment window on the checkout', () => {
  const suite = useServerAndBrowser({ env: { PAYMENT_WINDOW_MINUTES: '0.15' } });
  // A renter each: the three hold an unpaid booking at the same time, and one renter holds one
  // at most (ADR 0016).
  const signedIn = (name: string) => apiRegister(suite.server.baseUrl, name);

  it('counts down "Conclua o pagamento em mm:ss", then says the time is over and stops paying', async ({ expect }) => {
    const base = suite.server.baseUrl;
    const login = await signedIn('Prazo Contado');
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInPage(page, base, login);
    const booked = await apiBook(base, login.token, { hub_id: 'BH-01', size: 'P', ...nextHours(1, 2) });
    expect(booked.payment_due_at).toEqual(expect.any(String));

    await page.goto(`${base}/checkout/${booked.id}`);
    const countdown = page.getByTestId('payment-countdown');
    expect((await countdown.textContent())?.trim()).toMatch(/^Conclua o pagamento em 00:0\d$/);
    await checkPage(page, 'Checkout com prazo correndo');

    const over = page.getByTestId('payment-window-over');
    await over.waitFor({ timeout: 15_000 });
    expect(await over.textContent()).toContain(OVER);
    expect(await over.getByRole('link', { name: 'Fazer nova reserva' }).getAttribute('href')).toBe('/hubs/BH-01');
    expect(await page.getByRole('button', { name: /^Pagar/ }).isDisabled()).toBe(true);
    expect(await countdown.count()).toBe(0);

    // The server agrees: the reservation expires, the page keeps saying why it cannot be paid.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/api/reservations/${booked.id}`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as { status: string })
            .status,
        { timeout: 10_000 },
      )
      .toBe('expired');
    await page.getByText('Expirada').first().waitFor();
    expect(await over.textContent()).toContain(OVER);
    await checkPage(page, 'Checkout com prazo encerrado');
    await page.goto(`${base}/access/${booked.id}`);
    await page.getByRole('heading', { name: 'Acesso Indisponível' }).waitFor();
    await checkPage(page, 'Acesso de reserva expirada');
    await page.close();
  }, 60_000);

  it('a late payment is refused by the server, and its message is shown', async ({ expect }) => {
    const base = suite.server.baseUrl;
    const login = await signedIn('Prazo Atrasado');
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInPage(page, base, login);
    const booked = await apiBook(base, login.token, { hub_id: 'BH-02', size: 'P', ...nextHours(1, 2) });
    // A page that never learns the deadline nor the expiry (the reservation as first answered,
    // without payment_due_at): only the server can tell that the payment is late.
    let snapshot: Record<string, unknown> | null = null;
    await page.route(`**/api/reservations/${booked.id}`, async (route) => {
      if (!snapshot) {
        const { payment_due_at: _dropped, ...rest } = (await (await route.fetch()).json()) as Record<string, unknown>;
        snapshot = rest;
      }
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(snapshot) });
    });

    await page.goto(`${base}/checkout/${booked.id}`);
    const pay = page.getByRole('button', { name: /^Pagar/ });
    await pay.waitFor();
    expect(await page.getByTestId('payment-countdown').count()).toBe(0);
    const late = new Date(booked.payment_due_at!).getTime() + 500 - Date.now();
    if (late > 0) await page.waitForTimeout(late);

    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/reservations/${booked.id}/pay`));
    await pay.click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    // Past the window but before the expiry job ran: payment_window_closed; after it: not pending.
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(['payment_window_closed', 'reservation_not_pending']).toContain(error.code);
    await settledToast(page, error.message);
    await checkPage(page, 'Pagamento recusado, com toast');
    await page.close();
  }, 60_000);

  it('409 payment_window_closed from the pay call: the toast, the time-is-over message, no more paying', async ({ expect }) => {
    const base = suite.server.baseUrl;
    const login = await signedIn('Prazo Recusado');
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInPage(page, base, login);
    const booked = await apiBook(base, login.token, { hub_id: 'BH-03', size: 'P', ...nextHours(1, 2) });
    // The answer the API gives between the deadline and the expiry job, made to order here.
    await page.route(`**/api/reservations/${booked.id}/pay`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'payment_window_closed', message: 'O prazo para pagamento desta reserva terminou.' } }),
      }),
    );
    await page.goto(`${base}/checkout/${booked.id}`);
    const pay = page.getByRole('button', { name: /^Pagar/ });
    await pay.click();
    await settledToast(page, 'O prazo para pagamento desta reserva terminou.');
    expect(await page.getByTestId('payment-window-over').textContent()).toContain(OVER);
    expect(await pay.isDisabled()).toBe(true);
    await checkPage(page, 'Pagamento recusado por atraso');
    await page.close();
  }, 60_000);
});
