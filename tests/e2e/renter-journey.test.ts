/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, expectInViewport, intersects, settledToast } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';

const TIME_ZONE = 'America/Sao_Paulo';
/** dd/MM/yyyy n days from now in São Paulo (no daylight saving there: a day is 24 h). */
const ptDaysFromNow = (n: number) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + n * 86_400_000));

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
    await page.getByTestId('hub-card').first().waitFor();
    await checkPage(page, 'Home, Lista');
    await page.getByTestId('hub-card').filter({ hasText: 'Paulista' }).first().click();
    await page.waitForURL('**/hubs/SP-01');

    await page.getByTestId('size-card-M').click();
    await page.getByLabel('Duração').selectOption({ label: '2 horas' });
    await checkPage(page, 'Hub com formulário');
    await page.getByRole('button', { name: 'Reservar' }).click();
    await page.waitForURL('**/login');
    await checkPage(page, 'Login');
    expect(await page.evaluate(() => localStorage.getItem('pendingBookingHubId'))).toBe('SP-01');

    await page.goto(`${suite.server.baseUrl}/register`);
    const email = `renter-${Date.now()}@example.com`;
    await page.getByLabel('Nome').fill('Renata Locatária');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Telefone').pressSequentially('11987654321');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321');
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await checkPage(page, 'Cadastro preenchido');
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
    await checkPage(page, 'Checkout');

    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 10_000 });
    // On a wide screen toasts sit top right, below the sticky header, never over its links.
    const toast = await settledToast(page, 'Pagamento confirmado!');
    expect(intersects((await toast.boundingBox())!, (await page.locator('header').first().boundingBox())!)).toBe(false);
    await checkPage(page, 'Pagamento confirmado');
    await page.waitForURL(`**/access/${reservation.id}`, { timeout: 10_000 });

    const code = page.getByTestId('access-code');
    await expect.poll(async () => (await code.textContent())?.trim(), { timeout: 10_000 }).toMatch(/^\d{3} \d{3}$/);
    const countdown = await page.getByTestId('access-countdown').textContent();
    expect(countdown).toMatch(/0[45]:\d\d/);
    await checkPage(page, 'Acesso');

    const status = (await (
      await fetch(`${suite.server.baseUrl}/api/reservations/${reservation.id}`, {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
      })
    ).json()) as { status: string };
    expect(status.status).toBe('active');
    await screenshot(page, 'access-journey');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('choices made before the login detour come back: size, date, start and duration (390 px)', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: TIME_ZONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.baseUrl}/hubs/SP-03`);
    await page.getByTestId('size-card-M').tap();

    // Three days ahead, picked with the keyboard in the pt-BR calendar; 14:30 for 3 hours.
    const dateButton = page.getByRole('button', { name: /^Data / });
    await dateButton.click();
    const calendar = page.getByRole('dialog', { name: 'Escolher data' });
    await calendar.waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    const day = ptDaysFromNow(3);
    expect(await dateButton.textContent()).toBe(day);
    await page.getByLabel('Horário de início').selectOption('14:30');
    await page.getByLabel('Duração').selectOption({ label: '3 horas' });
    await page.getByRole('button', { name: 'Reservar' }).click();
    await page.waitForURL('**/login');
    const [y, m, d] = day.split('/').reverse();
    expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({
      pendingBookingHubId: 'SP-03',
      pendingBookingSize: 'M',
      pendingBookingDate: `${y}-${m}-${d}`,
      pendingBookingSlot: '14:30',
      pendingBookingHours: '3',
    });

    await page.getByLabel('Email').fill('cliente@hub.dev');
    await page.getByLabel('Senha', { exact: true }).fill('cliente123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/hubs/SP-03');

    // Back on the Hub with the same choices shown, the form in view; nothing pending is left behind.
    expect(await page.getByTestId('size-card-M').getAttribute('aria-pressed')).toBe('true');
    await expectInViewport(page, page.getByTestId('booking-panel'));
    expect(await dateButton.textContent()).toBe(day);
    expect(await page.getByLabel('Horário de início').inputValue()).toBe('14:30');
    expect(await page.getByLabel('Duração').inputValue()).toBe('3');
    expect(Object.keys(await page.evaluate(() => ({ ...localStorage }))).filter((k) => k.startsWith('pendingBooking'))).toEqual([]);
    await checkPage(page, 'Hub com escolhas restauradas');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/reservations/by-size') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Reservar' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    // 14:30 in São Paulo (UTC−3) is 17:30 UTC; 3 hours later, 20:30 UTC.
    expect(response.request().postDataJSON()).toMatchObject({
      hub_id: 'SP-03',
      size: 'M',
      start_time: `${y}-${m}-${d}T17:30:00.000Z`,
      end_time: `${y}-${m}-${d}T20:30:00.000Z`,
    });
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  }, 60_000);
});
