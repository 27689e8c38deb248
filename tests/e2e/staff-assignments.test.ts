/// <reference lib="dom" />
// Issue 26 items 7–8 in Chromium against the real Hub process: an admin puts a new logistics
// operator on Hub BH-02's team from the Hub's 'Equipe' tab; the operator, signed in on other
// pages, sees BH-02 and its pickup queue appear without reloading; removing them (confirmed) takes
// both away live. A maintenance operator sees only what ADR 0020 allows. Screenshots of the team
// card and the operator's Hubs editor at 390 and 1280 px, checked with axe.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, apiRegister, signInPage, type Login } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'BH-02';
const HUB_NAME = 'Centro';

async function call(base: string, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A new account given a staff role by the admin, then signed in again (a role change ends sessions). */
async function staffAccount(base: string, admin: Login, name: string, role: 'logistics' | 'maintenance'): Promise<Login> {
  const registered = await apiRegister(base, name);
  expect((await call(base, admin.token, 'PUT', `/users/${registered.user.id}`, { role })).status).toBe(200);
  return apiLogin(base, registered.user.email, 'segredo123');
}

async function open(browser: Browser, base: string, login: Login, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInPage(page, base, login);
  return { context, page, errors };
}

/** From the current minute, `hours` long: goods can be left only inside the booked window. */
function startingNow(hours: number) {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  return { start_time: new Date(start).toISOString(), end_time: new Date(start + hours * 3_600_000).toISOString() };
}

describe('staff Hub assignments in the browser', () => {
  const suite = useServerAndBrowser();

  it("an admin puts a new operator on BH-02's team; the operator's Hubs and Coletas follow live, both ways", async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const operator = await staffAccount(base, admin, 'Otávio Operador', 'logistics');
    // A parcel waiting for pickup at BH-02.
    const renter = await apiRegister(base, 'Renata Remetente');
    const booked = await call(base, renter.token, 'POST', '/reservations/by-size', { hub_id: HUB, size: 'P', ...startingNow(1) });
    expect(booked.status).toBe(201);
    const id = booked.body.id as string;
    expect((await call(base, renter.token, 'POST', `/reservations/${id}/pay`, { method: 'pix' })).status).toBe(200);
    expect((await call(base, renter.token, 'POST', `/reservations/${id}/leave-for-pickup`)).status).toBe(200);

    // The operator's two screens, open before anything is assigned.
    const mine = await open(suite.browser, base, operator);
    await mine.page.goto(`${base}/dashboard/logistics/hubs`);
    await mine.page.getByText('Nenhum Hub atribuído a você').waitFor();
    const queue = await mine.context.newPage();
    await queue.goto(`${base}/dashboard/logistics/collections`);
    await queue.getByText('Nenhuma coleta pendente').waitFor();

    const boss = await open(suite.browser, base, admin);
    await boss.page.goto(`${base}/dashboard/hubs/${HUB}`);
    await boss.page.getByRole('tab', { name: 'Equipe' }).click();
    await boss.page.getByLabel('Adicionar operador').selectOption({ label: `Otávio Operador (Logística) · ${operator.user.email}` });
    await boss.page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await settledToast(boss.page, 'Operador adicionado à equipe do Hub!');
    await boss.page.getByRole('list', { name: 'Operadores da equipe' }).getByText('Otávio Operador').waitFor();

    // No reload: the push refreshes the operator's pages.
    await mine.page.getByRole('list', { name: 'Hubs' }).getByText(HUB_NAME).first().waitFor({ timeout: 10_000 });
    await queue.getByRole('list', { name: 'Fila de coletas' }).getByText(HUB_NAME).first().waitFor({ timeout: 10_000 });

    await boss.page.getByRole('button', { name: 'Remover Otávio Operador da equipe' }).click();
    const dialog = boss.page.getByRole('alertdialog', { name: 'Remover da equipe?' });
    await dialog.getByText(`Otávio Operador deixará de atender o Hub ${HUB}`).waitFor();
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await settledToast(boss.page, 'Operador removido da equipe do Hub.');

    await mine.page.getByText('Nenhum Hub atribuído a você').waitFor({ timeout: 10_000 });
    await queue.getByText('Nenhuma coleta pendente').waitFor({ timeout: 10_000 });
    expect(mine.errors.filter((e) => !e.includes('403'))).toEqual([]);
    await mine.context.close();
    await boss.context.close();
  }, 120_000);

  it('maintenance sees its Hubs and their lockers, without renters, Coletas, terminal or pickup codes', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const fixer = await staffAccount(base, admin, 'Marta Manutenção', 'maintenance');
    expect((await call(base, admin.token, 'PUT', `/operators/${fixer.user.id}/hubs`, { hub_ids: [HUB] })).status).toBe(200);

    const { context, page } = await open(suite.browser, base, fixer);
    await page.goto(`${base}/dashboard`);
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Hubs' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Coletas' }).count()).toBe(0);
    await page.getByText('Manutenção').first().waitFor();

    await page.goto(`${base}/dashboard/logistics/hubs/${HUB}`);
    await page.getByRole('heading', { name: HUB_NAME }).waitFor();
    expect(await page.getByRole('link', { name: 'Terminal' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Usuário' }).count()).toBe(0);
    await checkPage(page, 'Hub (manutenção)');

    await page.goto(`${base}/dashboard/logistics/collections`);
    await page.getByText('Acesso restrito').first().waitFor();
    await page.goto(`${base}/dashboard/terminal/${HUB}`);
    await page.getByText('Acesso restrito').first().waitFor();
    await context.close();
  }, 120_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshots of the Hub's team and the operator's Hubs editor at ${viewport.width} px (${label})`, async () => {
      const base = suite.server.baseUrl;
      const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
      const { context, page } = await open(suite.browser, base, admin, viewport);
      await page.goto(`${base}/dashboard/hubs/${HUB}`);
      await page.getByRole('tab', { name: 'Equipe' }).click();
      // The demo logistics account works every demo Hub.
      const team = page.getByRole('list', { name: 'Operadores da equipe' });
      await team.getByText('Logística Hub').waitFor();
      await checkPage(page, 'Equipe do Hub');
      await screenshot(page, 'staff-hub-team');

      await page.getByRole('button', { name: 'Hubs de Logística Hub' }).click();
      const editor = page.getByRole('dialog', { name: 'Hubs de Logística Hub' });
      await editor.getByRole('checkbox', { name: /Centro/ }).waitFor();
      expect(await editor.getByRole('checkbox', { name: /Centro/ }).isChecked()).toBe(true);
      await editor.getByLabel('Buscar Hub').fill('belo');
      await editor.getByText(/Hubs? selecionados?/).waitFor();
      await checkPage(page, 'Editor de Hubs do operador');
      await screenshot(page, 'staff-hubs-editor');
      await context.close();
    }, 120_000);
  }
});
