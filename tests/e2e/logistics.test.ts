/// <reference lib="dom" />
// The logistics side (issue 9), clicked through in Chromium against the real Hub process: the
// card grid and its search, a Hub's detail, the Coletas queue; then a whole pickup loop — a renter
// books, pays, opens with the access code at the terminal page and leaves the parcel for pickup;
// the already-open Coletas page shows it live; staff claim it, get a pickup code, open with it
// and complete; the locker's history lists every step.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBook, apiLogin, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'BH-02';
const HUB_NAME = 'Centro';

async function call<T>(base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

async function open(browser: Browser, base: string, login: Login, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInPage(page, base, login);
  return { page, errors, close: () => context.close() };
}

/** The renter's current access code: GET (server-rotated, docs/logistics-api.md). */
async function currentAccessCode(base: string, token: string, reservationId: string): Promise<{ code: string }> {
  const got = await call<{ code: string }>(base, token, 'GET', `/reservations/${reservationId}/access-code`);
  expect(got.status).toBe(200);
  return got.body;
}

/** Types a code on the terminal's on-screen keys and presses 'Abrir'. */
async function pressCode(page: Page, code: string) {
  const keys = page.getByRole('group', { name: 'Teclado' });
  await keys.getByRole('button', { name: 'Limpar' }).click();
  for (const digit of code) await keys.getByRole('button', { name: digit, exact: true }).click();
  await keys.getByRole('button', { name: 'Abrir' }).click();
}

describe('logistics staff find their Hubs and run pickups', () => {
  const suite = useServerAndBrowser();

  it('the card grid and its search, a Hub detail, the empty Coletas queue (1280 and 390 px)', async () => {
    const base = suite.server.baseUrl;
    const staff = await apiLogin(base, 'logistica@hub.dev', 'logistica123');
    const hubs = await call<{ id: string; name: string; locker_count: number; active_count: number }[]>(base, staff.token, 'GET', '/logistics/hubs');
    expect(hubs.status).toBe(200);
    expect(hubs.body.length).toBeGreaterThan(1);
    const { page, errors, close } = await open(suite.browser, base, staff);

    await page.goto(`${base}/dashboard/logistics/hubs`);
    await page.getByRole('heading', { name: 'Hubs', exact: true }).waitFor();
    const cards = page.getByRole('list', { name: 'Hubs' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(hubs.body.length);
    const centro = hubs.body.find((h) => h.id === HUB)!;
    const card = cards.filter({ hasText: HUB_NAME });
    expect(await card.innerText()).toContain(`Lockers:\n${centro.locker_count}`);
    expect(await card.innerText()).toContain(`Ativos:\n${centro.active_count}`);
    await checkPage(page, 'Hubs de logística (grade)');

    // Search by name, by address (accents do not matter), and nothing found.
    const search = page.getByRole('searchbox', { name: 'Buscar por nome ou endereço' });
    await search.fill('savassi');
    await expect.poll(() => cards.allInnerTexts()).toHaveLength(1);
    expect((await cards.first().innerText()).split('\n')[0]).toBe('Savassi');
    await search.fill('afonso pena');
    await expect.poll(async () => (await cards.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([HUB_NAME]);
    await search.fill('zzz nada');
    await page.getByText('Nenhum resultado encontrado', { exact: true }).waitFor();
    await search.fill('');

    // The detail: name, address, counters, buttons; the pickup button asks first.
    await page.getByRole('link', { name: HUB_NAME, exact: true }).click();
    await page.waitForURL(`**/dashboard/logistics/hubs/${HUB}`);
    await page.getByRole('heading', { name: HUB_NAME, level: 1 }).waitFor();
    await page.getByText('Av. Afonso Pena, 1212 - Centro', { exact: false }).waitFor();
    await page.getByText('Total de lockers').waitFor();
    await page.getByText(`${centro.active_count} ativos`, { exact: false }).waitFor();
    // Editing a Hub is the admins' (ADR 0019): staff are offered no form the server would refuse.
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Terminal' }).getAttribute('href')).toBe(`/dashboard/terminal/${HUB}`);
    await page.getByRole('button', { name: 'Realizar coleta' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(HUB_NAME, { exact: false }).waitFor();
    await checkPage(page, 'confirmação da coleta');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await checkPage(page, 'detalhe do Hub (logística)');

    // A Hub that does not exist.
    await page.goto(`${base}/dashboard/logistics/hubs/ZZ-99`);
    await page.getByRole('heading', { name: 'Hub não encontrado' }).waitFor();
    await page.getByRole('link', { name: 'Voltar para Hubs' }).click();
    await page.waitForURL('**/dashboard/logistics/hubs');

    // Nothing waits in the Hub: the OTP page says so instead of a code.
    await page.goto(`${base}/dashboard/logistics/create-otp/${HUB}`);
    await page.getByRole('alert').getByText('Nenhuma coleta pendente neste Hub.', { exact: true }).waitFor();
    expect(await page.getByTestId('otp-code').count()).toBe(0);
    await checkPage(page, 'código de coleta sem coletas');

    // The queue, empty.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Coletas' }).click();
    await page.getByRole('heading', { name: 'Coletas', exact: true }).waitFor();
    await page.getByText('Nenhuma coleta pendente', { exact: true }).waitFor();
    await checkPage(page, 'Coletas vazia');
    // The unknown Hub's refusal (403: not one of hers) is the one failed load the browser reports.
    expect(errors.filter((e) => !/status of 40[34]/.test(e))).toEqual([]);
    await close();

    const phone = await open(suite.browser, base, staff, VIEWPORTS.mobile);
    await phone.page.goto(`${base}/dashboard/logistics/hubs`);
    await phone.page.getByRole('link', { name: HUB_NAME, exact: true }).waitFor();
    await checkPage(phone.page, 'Hubs de logística 390 px');
    await phone.page.goto(`${base}/dashboard/logistics/hubs/${HUB}`);
    await phone.page.getByRole('button', { name: 'Realizar coleta' }).waitFor();
    await checkPage(phone.page, 'detalhe do Hub 390 px');
    expect(phone.errors).toEqual([]);
    await phone.close();
  }, 120_000);

  it('a whole pickup: book, pay, open, leave for pickup; Coletas shows it live; claim, code, open, complete; the history has it all', async () => {
    const base = suite.server.baseUrl;
    const [renter, staff, admin] = await Promise.all([
      apiLogin(base, 'cliente@hub.dev', 'cliente123'),
      apiLogin(base, 'logistica@hub.dev', 'logistica123'),
      apiLogin(base, 'admin@hub.dev', 'admin123'),
    ]);
    const { page, errors, close } = await open(suite.browser, base, staff);
    await page.goto(`${base}/dashboard/logistics/collections`);
    await page.getByText('Nenhuma coleta pendente', { exact: true }).waitFor();

    // The renter books from now, pays and gets the server's current code.
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const booking = await apiBook(base, renter.token, {
      hub_id: HUB,
      size: 'P',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 2 * 3_600_000).toISOString(),
    });
    expect((await call(base, renter.token, 'POST', `/reservations/${booking.id}/pay`, { method: 'pix' })).status).toBe(200);
    const reservation = (await call<{ locker_id: string; locker: { order_number: number } }>(base, renter.token, 'GET', `/reservations/${booking.id}`)).body;
    const door = `Abrir porta ${String(reservation.locker.order_number).padStart(2, '0')}`;
    const access = await currentAccessCode(base, renter.token, booking.id);
    expect(access.code).toMatch(/^\d{6}$/);
    // The renter's own access page (from the profile: 'final' mode) shows that same code and
    // warns that finishing ends the reservation and frees the locker.
    const mine = await open(suite.browser, base, renter);
    await mine.page.goto(`${base}/profile`);
    await mine.page.locator(`a[href="/access/${booking.id}?mode=final"]`, { hasText: 'Ver código de acesso' }).click();
    await mine.page.waitForURL(`**/access/${booking.id}?mode=final`);
    await mine.page
      .getByTestId('access-code')
      .filter({ hasText: `${access.code.slice(0, 3)} ${access.code.slice(3)}` })
      .waitFor();
    await mine.page.getByTestId('final-warning').getByText('Ao finalizar, a reserva é encerrada e o locker é liberado', { exact: false }).waitFor();
    await checkPage(mine.page, 'acesso do cliente (modo final)');

    // The renter's code opens their locker at the terminal page (a second tab of the staff).
    const terminal = await page.context().newPage();
    await terminal.goto(`${base}/dashboard/terminal/${HUB}`);
    await terminal.getByRole('heading', { name: 'Terminal' }).waitFor();
    await checkPage(terminal, 'terminal');
    await pressCode(terminal, access.code);
    await terminal.getByRole('status').getByText(door, { exact: true }).waitFor();
    // A wrong code is refused with the server's words.
    await terminal.getByLabel('Código').fill(access.code === '000000' ? '111111' : '000000');
    await terminal.keyboard.press('Enter');
    await terminal.getByRole('alert').waitFor();
    await checkPage(terminal, 'terminal: código recusado');

    // The renter leaves it for pickup from their page, after a confirmation.
    await mine.page.getByRole('button', { name: 'Deixar para coleta' }).click();
    const confirm = mine.page.getByRole('alertdialog', { name: 'Deixar para coleta?' });
    await checkPage(mine.page, 'acesso do cliente: confirmar coleta');
    await confirm.getByRole('button', { name: 'Deixar para coleta' }).click();
    await mine.page.getByTestId('awaiting-pickup').getByRole('heading', { name: 'Aguardando Coleta' }).waitFor();
    expect(await mine.page.getByTestId('access-code').count()).toBe(0);
    await checkPage(mine.page, 'acesso do cliente: aguardando coleta');
    // Left for pickup: the open Coletas page shows it within 2 s, no reload.
    const item = page.getByRole('list', { name: 'Fila de coletas' }).getByRole('listitem').filter({ hasText: HUB_NAME });
    await item.waitFor({ timeout: 2_000 });
    expect(await item.innerText()).toContain('Cliente Demo');
    await checkPage(page, 'Coletas com um item');

    // Claimed: then 'Gerar código' leads to the OTP page for that Hub and that reservation.
    await item.getByRole('button', { name: 'Assumir' }).click();
    await item.getByText('Assumida por você').waitFor();
    // Someone else claiming it now is refused with who has it.
    const again = await call<{ error: { code: string; message: string } }>(base, admin.token, 'POST', `/logistics/collections/${booking.id}/claim`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Esta coleta já foi assumida por Logística Hub.');
    await item.getByRole('link', { name: 'Gerar código' }).click();
    await page.waitForURL(`**/dashboard/logistics/create-otp/${HUB}?reservation=${booking.id}`);
    const code = page.getByTestId('otp-code');
    await code.waitFor();
    const otp = (await code.innerText()).replace(/\s/g, '');
    expect(otp).toMatch(/^\d{6}$/);
    expect(await code.innerText()).toBe(`${otp.slice(0, 3)} ${otp.slice(3)}`);
    await page.getByText(/^Expira em (05:00|04:5\d)$/).waitFor();
    await page.getByText(`Abre o locker ${String(reservation.locker.order_number).padStart(2, '0')}`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await page.getByText('Código OTP copiado!', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(otp);
    await checkPage(page, 'código de coleta');

    // The renter's code stopped opening; the pickup code opens the same door.
    await pressCode(terminal, access.code);
    await terminal.getByRole('alert').waitFor();
    await pressCode(terminal, otp);
    await terminal.getByRole('status').getByText(door, { exact: true }).waitFor();

    // Completed from the queue: it leaves the queue live.
    await page.goto(`${base}/dashboard/logistics/collections`);
    await item.getByRole('button', { name: 'Concluir coleta' }).click();
    await page.getByText('Nenhuma coleta pendente', { exact: true }).waitFor({ timeout: 2_000 });
    const after = await call<{ status: string }>(base, renter.token, 'GET', `/reservations/${booking.id}`);
    expect(after.body.status).toBe('completed');
    // The renter's open page follows without a reload: the reservation is over.
    await mine.page.getByText('Esta reserva está concluída.', { exact: true }).waitFor({ timeout: 5_000 });
    expect(mine.errors).toEqual([]);
    await mine.close();

    // Every step is in the locker's history.
    const history = await call<{ items: { kind: string; reservation_id: string | null }[] }>(
      base,
      admin.token,
      'GET',
      `/lockers/${reservation.locker_id}/history?limit=200`,
    );
    expect(history.status).toBe(200);
    const kinds = history.body.items.filter((e) => e.reservation_id === booking.id).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['booked', 'paid', 'left_for_pickup', 'pickup_claimed', 'pickup_code_issued', 'pickup_completed']));
    // Twice: the renter's access code, then the pickup code.
    expect(kinds.filter((k) => k === 'opened')).toHaveLength(2);
    expect(errors).toEqual([]);
    await terminal.close();
    await close();
  }, 120_000);
});
