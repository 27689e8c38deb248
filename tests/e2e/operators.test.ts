/// <reference lib="dom" />
// Issue 26 items 5–6 in the browser: the admin adds a logistics operator on the Operators screen
// (every form message of the spec verbatim, the master's rules), the invitation mail arrives
// over SMTP, its link sets the password on /convite, and the operator signs in and reaches the
// logistics dashboard; the admin assigns BH-02 on the operator's form and the operator's Hubs and
// pickup queue follow live, both ways. Then search, grid / list, pages of 10, edit and removal with
// confirmation, and the screenshots (grid, list, form) at 390 and 1280 px, axe on each.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, apiRegister, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const ADDED = 'Operador adicionado com sucesso! Enviaremos um email com as instruções de acesso.';
const context = (viewport: { width: number; height: number }) => ({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' }) as const;

const env: Record<string, string> = {};
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  Object.assign(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Hub <nao-responda@hub.test>' });
});
afterAll(async () => {
  await smtp?.close();
});

/** A context whose /favicon.ico (Chromium asks for it after the sign-in step) is not the app's 404. */
async function newContext(viewport: { width: number; height: number }) {
  const ctx = await suite().browser.newContext(context(viewport));
  await ctx.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  return ctx;
}
let suite: () => ReturnType<typeof useServerAndBrowser>;

/** A renter's parcel left for pickup at a Hub, so its queue has something to show. */
async function parcelWaitingAt(base: string, hubId: string) {
  const renter = await apiRegister(base, 'Renata Remetente');
  const post = (path: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${renter.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  const booked = await post('/reservations/by-size', {
    hub_id: hubId,
    size: 'P',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 3_600_000).toISOString(),
  });
  expect(booked.status).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  expect((await post(`/reservations/${id}/pay`, { method: 'pix' })).status).toBe(200);
  expect((await post(`/reservations/${id}/leave-for-pickup`)).status).toBe(200);
}

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function openOperators(page: Page, base: string) {
  await page.goto(`${base}/dashboard/operators`);
  await page.getByRole('heading', { name: 'Operadores', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Administrador Hub' }).first().waitFor();
}

/** Eleven more operators, added once through the API (the list needs more than a page of them). */
let team: Promise<void> | undefined;
const ensureTeam = (base: string, token: string) => (team ??= addByApi(base, token, 11));

async function addByApi(base: string, token: string, count: number) {
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${base}/api/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Equipe ${String(i).padStart(2, '0')}`, email: unique(`equipe${i}`), role: i % 3 === 0 ? 'maintenance' : 'logistics' }),
    });
    expect(res.status).toBe(201);
  }
}

describe('the Operators screen', () => {
  const state = useServerAndBrowser({ env });
  suite = () => state;

  it('adds a logistics operator, whose invitation sets a password and opens the logistics dashboard', async () => {
    const base = state.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const ctx = await newContext(VIEWPORTS.desktop);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await signInPage(page, base, admin);
    await openOperators(page, base);

    // The master: a Master badge, no Remover; its e-mail and role cannot be edited.
    const master = page.getByRole('listitem').filter({ hasText: 'admin@hub.dev' });
    await master.getByText('Master').waitFor();
    expect(await master.getByRole('button', { name: /^Remover/ }).count()).toBe(0);
    await master.getByRole('button', { name: /^Editar/ }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('heading', { name: 'Editar Operador' }).waitFor();
    expect(await sheet.getByLabel('Email').isDisabled()).toBe(true);
    expect(await sheet.getByLabel('Papel').isDisabled()).toBe(true);
    await sheet.getByText('O email do operador master não pode ser alterado.').waitFor();
    await sheet.getByRole('button', { name: 'Cancelar' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The form's messages, verbatim.
    await page.getByRole('button', { name: 'Adicionar operador' }).first().click();
    await sheet.getByRole('heading', { name: 'Novo Operador' }).waitFor();
    expect(await sheet.getByLabel(/Senha/).count()).toBe(0); // no password: an invitation
    await sheet.getByRole('button', { name: 'Adicionar operador' }).click();
    await sheet.getByText('Nome e email são obrigatórios.').first().waitFor();
    await sheet.getByLabel('Nome').fill('Otávio Operador');
    await sheet.getByLabel('Email').fill('ADMIN@hub.dev');
    await sheet.getByRole('button', { name: 'Adicionar operador' }).click();
    await sheet.getByText('Este email é reservado para o operador master.').waitFor();

    const email = unique('otavio');
    await sheet.getByLabel('Email').fill(email);
    await sheet.getByLabel('Telefone (opcional)').fill('(31) 98765-4321');
    await sheet.getByLabel('Papel').selectOption({ label: 'Logística' });
    await sheet.getByLabel('Email').press('Enter'); // the keyboard is enough
    await settledToast(page, ADDED);
    await sheet.waitFor({ state: 'detached' });
    const card = page.getByRole('listitem').filter({ hasText: email });
    await card.getByText('Convite pendente').waitFor();
    await card.getByText('Logística').waitFor();

    // The mail and its link.
    const mail = await smtp.waitFor(email, (m) => m.subject === 'Convite para operar o Hub');
    const link = /https?:\/\/\S+\/convite#\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const invited = await newContext(VIEWPORTS.mobile);
    const operatorPage = await invited.newPage();
    const operatorErrors = watchErrors(operatorPage);
    await operatorPage.goto(link!);
    await operatorPage.getByRole('heading', { name: 'Defina sua senha' }).waitFor();
    expect(new URL(operatorPage.url()).hash).toBe('');
    await operatorPage.getByText(email).waitFor();
    await operatorPage.getByLabel('Senha', { exact: true }).fill('123');
    await operatorPage.getByLabel('Confirmar Senha').fill('123');
    await operatorPage.getByRole('button', { name: 'Definir Senha' }).click();
    await operatorPage.getByText('A senha deve ter pelo menos 6 caracteres.').first().waitFor();
    await operatorPage.getByLabel('Senha', { exact: true }).fill('otavio123');
    await operatorPage.getByLabel('Confirmar Senha').fill('otavio124');
    await operatorPage.getByRole('button', { name: 'Definir Senha' }).click();
    await operatorPage.getByText('As senhas não coincidem.').first().waitFor();
    await checkPage(operatorPage, 'Defina sua senha');
    await screenshot(operatorPage, 'operator-invitation');
    await operatorPage.getByLabel('Confirmar Senha').fill('otavio123');
    await operatorPage.getByRole('button', { name: 'Definir Senha' }).click();
    await operatorPage.getByRole('heading', { name: 'Senha Definida!' }).waitFor();
    await operatorPage.getByRole('link', { name: 'Ir para Login' }).click();
    await operatorPage.waitForURL('**/login');
    expect(await operatorPage.getByLabel('Email').inputValue()).toBe(email);
    await operatorPage.getByLabel('Senha').fill('otavio123');
    await operatorPage.getByRole('button', { name: 'Entrar' }).click();
    await settledToast(operatorPage, 'Login realizado com sucesso!');
    await operatorPage.goto(`${base}/dashboard`);
    await operatorPage
      .getByRole('link', { name: /Coletas/ })
      .first()
      .waitFor();
    expect(await operatorPage.getByRole('link', { name: 'Operadores' }).count()).toBe(0); // logistics, not admin

    // The admin assigns BH-02 on the operator's form: the new operator's Hubs and pickup queue
    // follow without a reload, and taking it away removes both, live.
    await parcelWaitingAt(base, 'BH-02');
    await operatorPage.goto(`${base}/dashboard/logistics/hubs`);
    await operatorPage.getByText('Nenhum Hub atribuído a você').waitFor();
    const queue = await invited.newPage();
    await queue.goto(`${base}/dashboard/logistics/collections`);
    await queue.getByText('Nenhuma coleta pendente').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: email })
      .getByRole('button', { name: /^Editar/ })
      .click();
    await sheet.getByRole('heading', { name: 'Hubs atribuídos' }).waitFor();
    const bh02 = sheet.getByRole('checkbox', { name: /BH-02/ });
    await bh02.check();
    await sheet.getByRole('button', { name: 'Salvar Hubs' }).click();
    await settledToast(page, 'Hubs do operador atualizados!');
    await operatorPage.getByRole('list', { name: 'Hubs' }).getByText('Centro').first().waitFor({ timeout: 10_000 });
    await queue.getByRole('list', { name: 'Fila de coletas' }).getByText('Centro').first().waitFor({ timeout: 10_000 });
    await bh02.uncheck();
    await sheet.getByRole('button', { name: 'Salvar Hubs' }).click();
    // Saved: the editor holds no change of its own any more (the first toast may still be shown).
    await sheet.getByRole('button', { name: 'Desfazer' }).waitFor({ state: 'detached' });
    await operatorPage.getByText('Nenhum Hub atribuído a você').waitFor({ timeout: 10_000 });
    await queue.getByText('Nenhuma coleta pendente').waitFor({ timeout: 10_000 });
    await sheet.getByRole('button', { name: 'Cancelar' }).click();
    await sheet.waitFor({ state: 'detached' });

    // A Hub taken away answers 403 to the page that still showed it, which then says so.
    expect(
      operatorErrors.filter((e) => !e.includes('403')),
      JSON.stringify(operatorErrors),
    ).toEqual([]);
    // Used once: the same link now says so (its check answers 400, as it should).
    await operatorPage.goto(link!);
    await operatorPage.getByRole('heading', { name: 'Convite Inválido' }).waitFor();

    // Back on the admin's screen the invitation is no longer pending.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: email }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: email }).getByText('Convite pendente').count()).toBe(0);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    await ctx.close();
    await invited.close();
  }, 120_000);

  it('searches, switches grid and list, pages by 10, edits and removes with confirmation', async () => {
    const base = state.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    await ensureTeam(base, admin.token);
    const ctx = await newContext(VIEWPORTS.desktop);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await signInPage(page, base, admin);
    await openOperators(page, base);

    // Live: another admin's addition appears without a reload (the change feed's admin:changed).
    const live = await fetch(`${base}/api/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Equipe Ao Vivo', email: unique('aovivo'), role: 'partner' }),
    });
    expect(live.status).toBe(201);
    await page.getByRole('heading', { name: 'Equipe Ao Vivo' }).waitFor({ timeout: 10_000 });

    const search = page.getByLabel('Buscar operadores');
    await search.fill('manutenção');
    await page.getByRole('heading', { name: 'Equipe 03' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Equipe 01' }).count()).toBe(0);
    await search.fill('ninguém-aqui');
    await page.getByRole('heading', { name: 'Nenhum operador encontrado para "ninguém-aqui"' }).waitFor();
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    expect(await search.inputValue()).toBe('');

    // List view: 10 per page.
    await page.getByRole('button', { name: 'Lista' }).click();
    // React applies the pressed state after the click resolves: wait for it rather than read it once.
    await page.getByRole('button', { name: 'Lista', pressed: true }).waitFor();
    await page.getByRole('navigation', { name: 'Páginas de operadores' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(11); // header + 10
    await page.getByText(/Página 1 de 2/).waitFor();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await page.getByText(/Página 2 de 2/).waitFor();
    expect(await page.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Edit: the role changes, the toast says so.
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByRole('button', { name: 'Editar Equipe 01' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel('Nome').fill('Equipe 01 Renomeada');
    await sheet.getByLabel('Papel').selectOption({ label: 'Parceiro' });
    await sheet.getByRole('button', { name: 'Salvar alterações' }).click();
    await settledToast(page, 'Operador atualizado com sucesso!');
    const row = page.getByRole('row').filter({ hasText: 'Equipe 01 Renomeada' });
    await row.getByText('Parceiro').filter({ visible: true }).waitFor();

    // Remove: asks first; Cancelar keeps it, Remover removes it.
    await row.getByRole('button', { name: /^Remover/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Tem certeza que deseja remover o operador "Equipe 01 Renomeada"?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await row.waitFor();
    await row.getByRole('button', { name: /^Remover/ }).click();
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await settledToast(page, 'Operador removido com sucesso!');
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshots the grid, the list and the form at ${viewport.width} px (${label}), axe on each`, async () => {
      const base = state.server.baseUrl;
      const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
      await ensureTeam(base, admin.token);
      const ctx = await newContext(viewport);
      const page = await ctx.newPage();
      await signInPage(page, base, admin);
      await openOperators(page, base);
      await page.getByRole('heading', { name: 'Equipe 02' }).waitFor();
      await checkPage(page, 'Operadores (grade)');
      await screenshot(page, 'dashboard-operators-grid');

      await page.getByRole('button', { name: 'Lista' }).click();
      await page.getByRole('navigation', { name: 'Páginas de operadores' }).waitFor();
      await checkPage(page, 'Operadores (lista)');
      await screenshot(page, 'dashboard-operators-list');

      await page.getByRole('button', { name: 'Adicionar operador' }).first().click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('button', { name: 'Adicionar operador' }).click();
      await sheet.getByText('Nome e email são obrigatórios.').first().waitFor();
      await checkPage(page, 'Novo Operador');
      await screenshot(page, 'dashboard-operator-form');
      await ctx.close();
    }, 120_000);
  }
});
