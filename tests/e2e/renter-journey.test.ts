/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { useServerAndBrowser } from './support/suite.js';

// (a) A visitor finds a Hub, is sent to sign up, comes back, books M for 2 hours, pays and gets
// a code — clicking through the real pages in Chromium against the real server.
describe('renter journey in the browser', () => {
  const suite = useServerAndBrowser();

  it('visitor → Lista → Hub → Reservar → register → back to the Hub → M for 2 h → pay → 6-digit code', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();
    await page.getByRole('tab', { name: 'Lista' }).click();
    await page.getByTestId('hub-card').filter({ hasText: 'Paulista' }).first().click();
    await page.waitForURL('**/hubs/SP-01');

    await page.getByTestId('size-card-M').click();
    await page.getByLabel('Duração').selectOption({ label: '2 horas' });
    await page.getByRole('button', { name: 'Reservar' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('pendingBookingHubId'))).toBe('SP-01');

    await page.goto(`${suite.server.baseUrl}/register`);
    const email = `renter-${Date.now()}@example.com`;
    await page.getByLabel('Nome').fill('Renata Locatária');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Telefone').pressSequentially('11987654321');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321');
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/hubs/SP-01');

    await page.getByTestId('size-card-M').click();
    await page.getByLabel('Duração').selectOption({ label: '2 horas' });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/reservations/by-size') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Reservar' }).click();
    const reservation = await (await created).json();
    expect(reservation.price).toBe(1600); // M at Paulista: R$ 8,00/h × 2 h
    await page.waitForURL(`**/checkout/${reservation.id}`);
    await page.getByText('R$ 16,00').first().waitFor();

    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 10_000 });
    await page.waitForURL(`**/access/${reservation.id}`, { timeout: 10_000 });

    const code = page.getByTestId('access-code');
    await expect.poll(async () => (await code.textContent())?.trim(), { timeout: 10_000 }).toMatch(/^\d{3} \d{3}$/);
    const countdown = await page.getByTestId('access-countdown').textContent();
    expect(countdown).toMatch(/0[45]:\d\d/);

    const status = (await (await fetch(`${suite.server.baseUrl}/api/reservations/${reservation.id}`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
    })).json()) as { status: string };
    expect(status.status).toBe('active');
    await screenshot(page, 'access-journey');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  }, 120_000);
});
