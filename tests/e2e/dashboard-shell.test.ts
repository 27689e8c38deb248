/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// The dashboard's frame, home, Hub list and Hub form in Chromium against the real Hub process:
// who gets in and with which links, the home's figures, the list's refusals in the server's own
// words, the form's §5 messages in both route sets, the locker dialog and what a deactivation
// moved, the image pre-checks and upload progress; axe and the 390 px layout at every step.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngOfAtLeast } from '../support/png.js';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBookPaid, apiLogin, nextHours, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const TIME_ZONE = 'America/Sao_Paulo';
const desktop = { viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: TIME_ZONE } as const;
const phone = { viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: TIME_ZONE, isMobile: true, hasTouch: true } as const;

async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

const hubBody = (id: string, name: string, lockers: number) => ({
  id,
  name,
  address: 'Rua do Teste, 10',
  zipcode: '01000-000',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  description: 'Criado pelo teste do dashboard.',
  location: { latitude: -23.55, longitude: -46.63 },
  image_url: null,
  secretKey: 'TESTE12345',
  private: false,
  autoRegistration: false,
  type: 'centralized',
  hardware: 'LK-31',
  lockers: Array.from({ length: lockers }, () => ({ size: 'P', type: 'GMV', price_per_hour: 5, status: 'Ativo', collect_number: null })),
});

/**
 * A page, signed in when a login is given. The sign-in step opens /favicon.svg, after which
 * Chromium asks for /favicon.ico on its own: that 404 is not the app's, so it is answered here.
 */
async function open(
  browser: Browser,
  options: typeof desktop | typeof phone,
  base: string,
  login?: Login,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (login) await signInPage(page, base, login);
  return { page, errors, close: () => context.close() };
}

describe('dashboard shell, home, Hub list and Hub form', () => {
  const suite = useServerAndBrowser();

  it('a visitor goes to /login and comes back; logistics staff get their links and no admin calls', async () => {
    const base = suite.server.baseUrl;
    const { page, errors, close } = await open(suite.browser, desktop, base);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard/')) adminCalls.push(request.url());
    });

    await page.goto(`${base}/dashboard/logistics/hubs`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterAuth'))).toBe('/dashboard/logistics/hubs');
    await page.getByLabel('Email').fill('logistica@hub.dev');
    await page.getByLabel('Senha').fill('logistica123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard/logistics/hubs');

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Coletas' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Início', 'Hubs', 'Coletas', 'Alertas']);
    expect(await nav.getByRole('link', { name: 'Hubs' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('heading', { name: 'Hubs', exact: true }).waitFor();
    // Links stay in the logistics route set (the card grid); creating and removing are the admin's.
    expect(
      await page
        .getByRole('link', { name: /Savassi/ })
        .first()
        .getAttribute('href'),
    ).toBe('/dashboard/logistics/hubs/BH-01');
    expect(await page.getByRole('link', { name: 'Novo Hub' }).count()).toBe(0);
    await checkPage(page, 'Hubs (logística)');

    await nav.getByRole('link', { name: 'Coletas' }).click();
    await page.getByRole('heading', { name: 'Coletas', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Início' }).click();
    await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();
    await page.getByText(/^Bem-vindo, /).waitFor();
    await page
      .getByRole('link', { name: /Coletas/ })
      .last()
      .waitFor();
    await checkPage(page, 'Início (logística)');
    expect(adminCalls).toEqual([]);

    // Sair ends the session without remembering the dashboard as the way back.
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('redirectAfterAuth')])).toEqual([null, null]);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  for (const [name, options] of [
    ['1280 px', desktop],
    ['390 px', phone],
  ] as const) {
    it(`the admin home at ${name}: figures, donut, operators, charts; skip link and menu`, async () => {
      const base = suite.server.baseUrl;
      const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
      const summary = (await api<{ lockers: { total: number; active: number } }>(base, admin.token, 'GET', '/dashboard/summary')).body;
      const { page, errors, close } = await open(suite.browser, options, base, admin);
      await page.goto(`${base}/dashboard`);
      await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();
      await page.getByText('Online', { exact: true }).waitFor();
      const pct = Math.round((summary.lockers.active / summary.lockers.total) * 100);
      await page.getByRole('img', { name: new RegExp(`^${pct}% dos lockers ativos`) }).waitFor();
      await page.getByText('admin@hub.dev').waitFor();
      await page.getByText('Master', { exact: true }).waitFor();
      for (const title of ['Ocupação por dia', 'Receita por dia']) {
        const card = page.getByRole('heading', { name: title }).locator('xpath=ancestor::div[contains(@class, "rounded-lg")][1]');
        await card.locator('svg.recharts-surface').first().waitFor();
      }
      await checkPage(page, `Início (admin, ${name})`);

      // The skip link is the first tab stop and lands on the content.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo');

      if (options === phone) {
        // Below 768 px the sidebar is a sheet; a link closes it.
        await page.getByRole('button', { name: 'Abrir menu do dashboard' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu do dashboard' });
        await menu.waitFor();
        await checkPage(page, 'menu do dashboard aberto');
        await menu.getByRole('link', { name: 'Hubs' }).click();
        await page.waitForURL('**/dashboard/hubs');
        await menu.waitFor({ state: 'hidden' });
      } else {
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Hubs' }).click();
      }
      await page.getByRole('table').waitFor();
      await checkPage(page, `Hubs (admin, ${name})`);
      expect(errors).toEqual([]);
      await close();
    }, 60_000);
  }

  it("an admin's 'Painel de filas' says, without leaving the app, why there is none without BullMQ", async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const { page, errors, close } = await open(suite.browser, desktop, base, admin);
    await page.goto(`${base}/dashboard`);
    await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();
    await page.getByRole('button', { name: 'Painel de filas' }).click();
    await page.getByText('O painel de filas precisa do BullMQ (REDIS_URL); neste modo os trabalhos rodam no próprio processo.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('button', { name: 'Painel de filas' }).waitFor(); // enabled again, to try later
    // The browser logs the refused call itself; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await close();
  }, 60_000);

  it('the Hub list and form: refusals in the server words, §5 messages, lockers, moves, image', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const renter = await apiLogin(base, 'cliente@hub.dev', 'cliente123');
    expect((await api(base, admin.token, 'POST', '/hubs', hubBody('ZZ-01', 'Hub Ocupado', 2))).status).toBe(201);
    expect((await api(base, admin.token, 'POST', '/hubs', hubBody('ZZ-02', 'Hub Vazio', 1))).status).toBe(201);
    // Both lockers of ZZ-01 taken in one window, locker 01 alone in a later one.
    const first = nextHours(2, 2);
    await apiBookPaid(base, renter.token, { hub_id: 'ZZ-01', size: 'P', ...first });
    await apiBookPaid(base, renter.token, { hub_id: 'ZZ-01', size: 'P', ...first });
    await apiBookPaid(base, renter.token, { hub_id: 'ZZ-01', size: 'P', ...nextHours(1, 6) });
    const refusal = await api<{ error: { message: string } }>(base, admin.token, 'DELETE', '/hubs/ZZ-01');
    expect(refusal.status).toBe(409);

    const { page, errors, close } = await open(suite.browser, phone, base, admin);
    await page.goto(`${base}/dashboard/hubs`);

    // A Hub with future bookings: the dialog stays and says why, verbatim.
    await page.getByRole('button', { name: 'Ações do Hub Hub Ocupado' }).click();
    await page.getByRole('menuitem', { name: 'Remover' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Esta ação é irreversível', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Remover Hub' }).click();
    await confirm.getByRole('alert').getByText(refusal.body.error.message, { exact: true }).waitFor();
    await checkPage(page, 'remoção recusada');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    // One without: removed, and gone from the list.
    await page.getByRole('button', { name: 'Ações do Hub Hub Vazio' }).click();
    await page.getByRole('menuitem', { name: 'Remover' }).click();
    await confirm.getByRole('button', { name: 'Remover Hub' }).click();
    await page.getByText('Hub removido com sucesso', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Hub Vazio' }).waitFor({ state: 'detached' });

    // The logistics route set applies the logistics form's rule and message.
    await page.goto(`${base}/dashboard/logistics/hubs/new/form`);
    await page.getByRole('button', { name: 'Criar Hub' }).click();
    await page.getByRole('alert').getByText('Por favor, preencha os campos obrigatórios (ID, Nome e Chave Secreta)', { exact: true }).waitFor();
    await checkPage(page, 'formulário de logística com erros');

    // The image: refused before sending, then a real upload with its progress bar.
    const picker = page.getByLabel('Imagem do Hub', { exact: true });
    await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.', { exact: true }).first().waitFor();
    await picker.setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: pngOfAtLeast(5 * 1024 * 1024 + 1) });
    await page.getByText('Arquivo muito grande. O limite é 5MB.', { exact: true }).first().waitFor();
    await picker.setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: pngOfAtLeast(3 * 1024 * 1024) });
    await page.getByRole('progressbar', { name: 'Progresso do envio da imagem' }).waitFor();
    await page.getByText('Imagem enviada com sucesso!', { exact: true }).first().waitFor();
    expect(await page.getByRole('img', { name: 'Pré-visualização da imagem do Hub' }).getAttribute('src')).toMatch(/^\/files\/hubs\/.+\.png$/);

    // The locker dialog: 'Porta de Coleta' only for Drop-Off, cleared when the type changes.
    await page.goto(`${base}/dashboard/hubs/ZZ-01/form`);
    await page.getByRole('tab', { name: 'Lockers' }).click();
    await page.getByRole('button', { name: 'Adicionar locker', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo locker' });
    expect(await dialog.getByLabel('Ordem').inputValue()).toBe('3');
    await dialog.getByLabel('Tipo').selectOption('Drop-Off');
    await dialog.getByLabel('Porta de Coleta').fill('12');
    await dialog.getByLabel('Tipo').selectOption('GMV');
    expect(await dialog.getByLabel('Porta de Coleta').count()).toBe(0);
    await dialog.getByLabel('Tipo').selectOption('Drop-Off');
    expect(await dialog.getByLabel('Porta de Coleta').inputValue()).toBe('');
    await checkPage(page, 'diálogo do locker');
    await dialog.getByLabel('Porta de Coleta').fill('7');
    await dialog.getByRole('button', { name: 'Adicionar locker' }).click();
    await page.getByText('Locker criado com sucesso!', { exact: true }).first().waitFor();
    await page.getByText('Porta de Coleta 7').waitFor();

    // Deactivating locker 01: one booking moves to 02, the other has nowhere to go.
    await page.getByRole('button', { name: 'Editar locker 01' }).click();
    await page.getByRole('dialog', { name: 'Editar locker 01' }).getByLabel('Status').selectOption('Inativo');
    await page.getByRole('button', { name: 'Salvar locker' }).click();
    await page.getByText('Locker atualizado com sucesso!', { exact: true }).first().waitFor();
    const report = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Fechar aviso' }) });
    await report.waitFor();
    expect(await report.locator('p').first().textContent()).toMatch(
      // A window that crosses midnight names the end's date too: '22:00 – 28/11/2026 00:00'.
      new RegExp(
        `^1 reserva movida; 1 não pôde ser movida: ${renter.user.name} \\(\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}(–| – \\d{2}/\\d{2}/\\d{4} )\\d{2}:\\d{2}\\)\\.$`,
      ),
    );

    // Locker 02 now has bookings: its removal is refused with the server's message.
    await page.getByRole('button', { name: 'Remover locker 02' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Erro ao remover locker', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Remover locker 02' }).waitFor();
    await checkPage(page, 'aba Lockers');
    // The browser logs each refused call (409) as a console error; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await close();
  }, 120_000);
});
