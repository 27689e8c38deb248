/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Every page a renter meets, on a 390 × 844 phone: axe finds nothing serious, nothing scrolls
// sideways, the menu closes when a link is tapped, a picked size brings the form into view, the
// date is picked in pt-BR, toasts stay off the header.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage, expectInViewport, intersects, settledToast } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiBook, apiBookPaid, apiLogin, nextHours, signInPage } from './support/session.js';

const TIME_ZONE = 'America/Sao_Paulo';
const phone = { viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: TIME_ZONE, isMobile: true, hasTouch: true } as const;
const ptDate = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
/** dd/MM/yyyy n days from now in São Paulo (no daylight saving there: a day is 24 h). */
const ptDaysFromNow = (n: number) => ptDate(new Date(Date.now() + n * 86_400_000));
const ptTime = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

describe('phone-sized screens and accessibility', () => {
  const suite = useServerAndBrowser();

  it('visitor: skip link, Home, menu, auth pages, 404s and the Hub page at 390 px', async () => {
    const context = await suite.browser.newContext(phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const base = suite.server.baseUrl;

    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();
    // The skip link is the first tab stop and lands on the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo');
    await page.getByText('Hubs no mapa').waitFor();
    await checkPage(page, 'Home, Mapa');
    // Without a Maps key the map tab lists the Hubs as chips; one opens the Hub's side sheet.
    await page.getByRole('list', { name: 'Hubs' }).getByRole('button').first().click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Lockers disponíveis' }) });
    await sheet.waitFor();
    await checkPage(page, 'Home, Mapa, Hub aberto');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Lista' }).click();
    await page.getByTestId('hub-card').first().waitFor();
    await checkPage(page, 'Home, Lista');

    // The menu closes when one of its links is tapped, and the new page is usable at once.
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.waitFor();
    await checkPage(page, 'menu aberto');
    await menu.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    await checkPage(page, 'Login');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.getByRole('link', { name: 'Cadastro' }).click();
    await page.waitForURL('**/register');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await checkPage(page, 'Cadastro');

    await page.goto(`${base}/nao/existe`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await checkPage(page, '404');
    await page.goto(`${base}/hubs/ZZ-99`);
    await page.getByRole('heading', { name: 'Hub não encontrado' }).waitFor();
    await checkPage(page, 'Hub não encontrado');
    await page.goto(`${base}/hubs/SP-04`);
    await page.getByRole('heading', { name: 'Hub privado' }).waitFor();
    await checkPage(page, 'Hub privado (visitante)');

    await page.goto(`${base}/hubs/SP-01`);
    await page.getByTestId('size-card-G').waitFor();
    await checkPage(page, 'Hub, sem tamanho');
    // A tapped size card brings the booking form into view and moves the focus to it.
    await page.getByTestId('size-card-G').tap();
    const panel = page.getByTestId('booking-panel');
    await panel.getByRole('button', { name: 'Reservar' }).waitFor();
    await expectInViewport(page, panel);
    expect(await panel.evaluate((el) => el === document.activeElement)).toBe(true);
    await checkPage(page, 'Hub, formulário');
    // Size cards answer the keyboard too.
    await page.getByTestId('size-card-M').focus();
    await page.keyboard.press('Space');
    await page.locator('[data-testid="size-card-M"][aria-pressed="true"]').waitFor();
    expect(await page.getByTestId('size-card-G').getAttribute('aria-pressed')).toBe('false');
    await expectInViewport(page, panel);
    expect(await panel.evaluate((el) => el === document.activeElement)).toBe(true);

    // The date field: dd/MM/yyyy, a pt-BR calendar, keyboard only, no past days.
    const dateButton = page.getByRole('button', { name: /^Data / });
    expect(await dateButton.textContent()).toBe(ptDaysFromNow(0));
    await dateButton.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Escolher data' });
    await calendar.waitFor();
    expect(await calendar.getByRole('grid').getAttribute('aria-label')).toMatch(/^[a-zç]+ \d{4}$/); // "novembro 2026"
    expect(await calendar.getByRole('button', { name: 'Ir para o mês anterior' }).isDisabled()).toBe(true);
    const dayOfMonth = Number(ptDaysFromNow(0).slice(0, 2));
    expect(await calendar.getByRole('grid').locator('button[disabled]').count()).toBe(dayOfMonth - 1); // the days before today
    await expectInViewport(page, calendar);
    await checkPage(page, 'calendário aberto');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    const inTwoDays = ptDaysFromNow(2);
    expect(await dateButton.textContent()).toBe(inTwoDays);
    // The popover gives focus back to its button as it closes, a frame or so after it is hidden.
    await expect.poll(() => dateButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByText(`${inTwoDays} às`).count()).toBe(1);
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await dateButton.textContent()).toBe(inTwoDays);

    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('renter: checkout countdown, toasts off the header, a later start on the access page, profile, limit of 5', async () => {
    const context = await suite.browser.newContext(phone);
    const page = await context.newPage();
    const base = suite.server.baseUrl;
    const login = await apiLogin(base, 'cliente@hub.dev', 'cliente123');
    await signInPage(page, base, login);

    // Starts in 26 hours: no code exists before the window (issue 24 item 1); the access page
    // says from when, calmly, in the server's words.
    const later = nextHours(2, 27);
    const booked = await apiBook(base, login.token, { hub_id: 'SP-02', size: 'M', ...later });
    await page.goto(`${base}/checkout/${booked.id}`);
    await page.getByRole('button', { name: /^Pagar/ }).waitFor();
    await expect.poll(async () => page.getByTestId('payment-countdown').textContent()).toMatch(/^Conclua o pagamento em 1[45]:\d\d$/);
    await checkPage(page, 'Checkout');

    await page.getByRole('button', { name: /^Pagar/ }).click();
    const toast = await settledToast(page, 'Pagamento confirmado!');
    const header = (await page.locator('header').first().boundingBox())!;
    expect(intersects((await toast.boundingBox())!, header)).toBe(false);
    await checkPage(page, 'Pagamento confirmado, com toast');

    await page.waitForURL(`**/access/${booked.id}`, { timeout: 10_000 });
    const start = new Date(later.start_time);
    const notYet = page.getByTestId('access-not-yet');
    await notYet.getByText(`O código de acesso estará disponível a partir de ${ptDate(start)} ${ptTime(start)}.`, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await notYet.getAttribute('role')).toBe('status');
    expect(await page.getByTestId('access-code').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Acesso Indisponível' }).count()).toBe(0);
    await checkPage(page, 'Acesso (começa depois)');

    // The menu also closes on the page it was opened from when a link leaves it.
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await checkPage(page, 'menu aberto (logado)');
    await menu.getByRole('link', { name: 'Meu Perfil' }).click();
    await page.waitForURL('**/profile');
    await menu.waitFor({ state: 'hidden' });
    await page.getByTestId('reservation-row').first().waitFor();
    await checkPage(page, 'Perfil');
    await page.goto(`${base}/checkout/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Reserva não encontrada ou não autorizada' }).waitFor();
    await checkPage(page, 'Checkout de reserva inexistente');

    // Four more active reservations reach the limit of 5; the sixth, booked in the page, is refused.
    for (let i = 0; i < 4; i++) await apiBookPaid(base, login.token, { hub_id: 'BH-02', size: 'P', ...nextHours(1, 30 + 2 * i) });
    await page.goto(`${base}/hubs/BH-03`);
    await page.getByTestId('size-card-P').tap();
    await page.getByRole('button', { name: 'Reservar' }).click();
    const refusal = await settledToast(page, 'Você atingiu o limite de 5 reservas ativas.');
    expect(intersects((await refusal.boundingBox())!, (await page.locator('header').first().boundingBox())!)).toBe(false);
    expect(page.url()).toMatch(/\/hubs\/BH-03$/);
    await checkPage(page, 'limite de reservas, com toast');
    await context.close();
  }, 90_000);
});
