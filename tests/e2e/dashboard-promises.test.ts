/// <reference lib="dom" />
// Issue 24 items 15 and 18 in Chromium against the real Hub process. Item 15: logistics staff were
// offered the Hub create and edit forms, whose save answered 403; Hub and locker writes are the
// admins' (ADR 0019), so staff walk every Hub screen and are offered nothing the server refuses:
// no 'Editar', no form, no admin table, and not one 401/403 or write on the way. Admins keep both
// route sets' forms. Item 18: an unknown dashboard path said 'em breve'; it is a not-found inside
// the dashboard, and no screen says 'em breve' any more.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiLogin, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'BH-02';
const HUB_NAME = 'Centro';

interface Opened {
  page: Page;
  errors: string[];
  /** API answers 401 or 403: a screen that offered what the server refuses. */
  refused: string[];
  /** API calls other than GET (none should happen while only looking around). */
  writes: string[];
  close: () => Promise<void>;
}

async function open(browser: Browser, base: string, login: Login, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Opened> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInPage(page, base, login);
  const refused: string[] = [];
  const writes: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && [401, 403].includes(response.status()))
      refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
  });
  return { page, errors, refused, writes, close: () => context.close() };
}

/** The 'Acesso restrito' panel, and no form, field or save button behind it. */
async function expectRestricted(page: Page, state: string) {
  await page.getByRole('heading', { name: 'Acesso restrito' }).waitFor();
  expect(await page.locator('main form').count(), state).toBe(0);
  expect(await page.locator('main input, main textarea, main select').count(), state).toBe(0);
  expect(await page.getByRole('button', { name: /Salvar|Criar Hub|Adicionar locker/ }).count(), state).toBe(0);
  await checkPage(page, state);
}

describe('issue 24 items 15 and 18: the dashboard offers only what the server accepts', () => {
  const suite = useServerAndBrowser();

  it('issue 24 item 15: logistics staff are offered no Hub form, edit button or admin screen, and nothing they do is refused', async () => {
    const base = suite.server.baseUrl;
    const staff = await apiLogin(base, 'logistica@hub.dev', 'logistica123');
    const { page, errors, refused, writes, close } = await open(suite.browser, base, staff);

    // Their Hub's detail: the pickup and the terminal (theirs on the server), no 'Editar'.
    await page.goto(`${base}/dashboard/logistics/hubs/${HUB}`);
    await page.getByRole('heading', { name: HUB_NAME, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Realizar coleta' }).waitFor();
    expect(await page.getByRole('link', { name: 'Terminal' }).getAttribute('href')).toBe(`/dashboard/terminal/${HUB}`);
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await checkPage(page, 'detalhe do Hub (logística), sem Editar');

    // The form routes of the spec, typed or bookmarked: a panel saying why, never a form.
    await page.goto(`${base}/dashboard/logistics/hubs/${HUB}/form`);
    await expectRestricted(page, 'editar Hub (logística): acesso restrito');
    await page.goto(`${base}/dashboard/logistics/hubs/new/form`);
    await expectRestricted(page, 'novo Hub (logística): acesso restrito');
    for (const path of [`/dashboard/logistics/hubs/${HUB}/history`, '/dashboard/settings', '/dashboard/operators', '/dashboard/partners/new/form']) {
      await page.goto(`${base}${path}`);
      await expectRestricted(page, `${path} (logística): acesso restrito`);
    }
    await page.getByRole('link', { name: 'Ver meus Hubs' }).click();
    await page.waitForURL('**/dashboard/logistics/hubs');
    await page.getByRole('list', { name: 'Hubs' }).getByRole('link', { name: HUB_NAME, exact: true }).waitFor();

    // The admin's table and detail lead to their own screens for the same Hubs (no create, edit or remove).
    await page.goto(`${base}/dashboard/hubs`);
    await page.waitForURL('**/dashboard/logistics/hubs');
    await page.getByRole('list', { name: 'Hubs' }).waitFor();
    expect(await page.getByRole('link', { name: 'Novo Hub' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Ações do Hub/ }).count()).toBe(0);
    await page.goto(`${base}/dashboard/hubs/${HUB}`);
    await page.waitForURL(`**/dashboard/logistics/hubs/${HUB}`);
    await page.getByRole('button', { name: 'Realizar coleta' }).waitFor();
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);

    expect(refused).toEqual([]);
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('issue 24 item 15: admins keep the Hub forms in both route sets', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const { page, errors, refused, close } = await open(suite.browser, base, admin);
    await page.goto(`${base}/dashboard/logistics/hubs/${HUB}`);
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(`**/dashboard/logistics/hubs/${HUB}/form`);
    await page.getByRole('heading', { name: `Editar Hub ${HUB_NAME}` }).waitFor();
    await page.getByRole('tab', { name: 'Lockers' }).waitFor();
    await page.goto(`${base}/dashboard/hubs/${HUB}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('dialog', { name: 'Editar Hub' }).waitFor();
    await page.goto(`${base}/dashboard/settings`);
    // Built in issue 27: the settings screen itself.
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('issue 24 item 18: an unknown dashboard path is a not-found inside the dashboard, with the way back', async () => {
    const base = suite.server.baseUrl;
    const [admin, staff] = await Promise.all([apiLogin(base, 'admin@hub.dev', 'admin123'), apiLogin(base, 'logistica@hub.dev', 'logistica123')]);
    const { page, errors, close } = await open(suite.browser, base, admin);
    for (const path of ['/dashboard/anything-unknown', `/dashboard/hubs/${HUB}/nada`, '/dashboard/logistics']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
      // Inside the dashboard's frame: its sidebar is there, and nothing promises the page is coming.
      await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
      expect(await page.getByText(/em breve/i).count(), path).toBe(0);
      await checkPage(page, `${path}: não encontrada`);
    }
    await page.getByRole('link', { name: 'Voltar para o Início' }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();
    // Every screen of the sidebar is built now (Operadores: issue 26; Parceiros and Configurações:
    // issue 27): none of them promises anything.
    for (const [path, title] of [
      ['/dashboard/operators', 'Operadores'],
      ['/dashboard/partners', 'Parceiros'],
      ['/dashboard/settings', 'Configurações'],
    ]) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await page.getByText(/em breve/i).count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await close();

    // Logistics staff, on a phone: the same not-found, in their frame.
    const phone = await open(suite.browser, base, staff, VIEWPORTS.mobile);
    await phone.page.goto(`${base}/dashboard/qualquer-coisa`);
    await phone.page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await phone.page.getByRole('button', { name: 'Abrir menu do dashboard' }).waitFor();
    await checkPage(phone.page, 'não encontrada (logística, 390 px)');
    expect(phone.errors).toEqual([]);
    await phone.close();
  }, 90_000);
});
