/// <reference lib="dom" />
// Issue 27 items 1–2 in the browser: an admin creates the partner "Condomínio Aurora" with a
// new-format (alphanumeric) CNPJ (every form message of the spec verbatim on the way), assigns two
// Hubs and one user through the add dialogs, generates the API token (shown once, copied), and
// regenerating it makes the old token 401 on the partner API at once. Then the screenshots of the
// list, form, detail with the token, users and Hubs at 390 and 1280 px, axe on each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const CNPJ = '12ABC34501DE35';
const context = (viewport: { width: number; height: number }) => ({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' }) as const;

const me = (base: string, token: string) => fetch(`${base}/api/partner/v1/me`, { headers: { authorization: `Bearer ${token}` } });

async function newPage(state: ReturnType<typeof useServerAndBrowser>, viewport: { width: number; height: number }) {
  const ctx = await state.browser.newContext(context(viewport));
  await ctx.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: state.server.baseUrl });
  const page = await ctx.newPage();
  const admin = await apiLogin(state.server.baseUrl, 'admin@hub.dev', 'admin123');
  await signInPage(page, state.server.baseUrl, admin);
  return { ctx, page };
}

/** The token shown once on the detail page, after the given button. */
async function generate(page: Page, button: 'Gerar token' | 'Regenerar'): Promise<string> {
  // Exact: the sandbox card's 'Gerar token de teste' is on the same page.
  await page.getByRole('button', { name: button, exact: true }).click();
  const field = page.getByLabel('Copie o token agora: ele não será mostrado de novo.');
  await field.waitFor();
  await expect.poll(async () => (await field.inputValue()).length).toBeGreaterThan(40);
  const token = await field.inputValue();
  await settledToast(page, 'Token de API gerado com sucesso');
  return token;
}

/** Closes every toast on the page (so the next one with the same text is the only one). */
async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    await toasts.first().locator('[data-close-button]').click();
    await expect.poll(() => toasts.count()).toBeLessThan(n);
  }
}

async function addFromDialog(page: Page, open: string, filter: string, pick: RegExp, toast: string) {
  await page.getByRole('button', { name: open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Filtrar por nome').fill(filter);
  await dialog.getByRole('button', { name: pick }).first().click();
  await settledToast(page, toast);
  await dialog.waitFor({ state: 'detached' });
}

describe('the Partners screens', () => {
  const state = useServerAndBrowser();
  let partnerUrl = '';

  it('creates Condomínio Aurora, assigns two Hubs and a user, and a regenerated token revokes the old one at once', async () => {
    const base = state.server.baseUrl;
    const { ctx, page } = await newPage(state, VIEWPORTS.desktop);
    const errors = watchErrors(page);
    await page.goto(`${base}/dashboard/partners`);
    await page.getByRole('heading', { name: 'Parceiros', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Novo Parceiro' }).first().click();
    await page.getByRole('heading', { name: 'Novo Parceiro', level: 1 }).waitFor();
    expect(await page.getByLabel('Ativo').count()).toBe(0); // only when editing

    // The spec's messages, verbatim.
    await page.getByRole('button', { name: 'Criar parceiro' }).click();
    await page.getByText('Nome é obrigatório').waitFor();
    await page.getByText('Email inválido').waitFor();
    await page.getByText('Nome da empresa é obrigatório').waitFor();
    await page.getByLabel('Nome *').fill('Condomínio Aurora');
    await page.getByLabel('Email *').fill('contato@aurora');
    await page.getByLabel('Razão social *').fill('Condomínio Residencial Aurora');
    await page.getByLabel('CNPJ').fill('12ABC34501DE36');
    await page.getByRole('button', { name: 'Criar parceiro' }).click();
    await page.getByText('Email inválido').waitFor();
    await page.getByText('CNPJ inválido').waitFor();

    await page.getByLabel('Email *').fill('contato@aurora.com.br');
    await page.getByLabel('CNPJ').fill(CNPJ.toLowerCase());
    expect(await page.getByLabel('CNPJ').inputValue()).toBe('12.ABC.345/01DE-35');
    await page.getByLabel('Nome fantasia').fill('Aurora');
    await page.getByLabel('CEP').fill('04101300');
    expect(await page.getByLabel('CEP').inputValue()).toBe('04101-300');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('Estado (UF)').fill('SP');
    await page.getByRole('button', { name: 'Criar parceiro' }).click();
    await settledToast(page, 'Parceiro criado com sucesso');
    await page.waitForURL(`${base}/dashboard/partners`);
    const row = page.getByRole('row').filter({ hasText: 'Condomínio Aurora' });
    await row.getByText('Ativo').waitFor();

    // Search by company.
    await page.getByLabel('Buscar parceiros por nome, email ou empresa').fill('residencial');
    await row.waitFor();
    await page.getByLabel('Buscar parceiros por nome, email ou empresa').fill('não existe');
    await page.getByText('Nenhum parceiro encontrado para "não existe"').waitFor();
    await page.getByLabel('Buscar parceiros por nome, email ou empresa').fill('');

    // Hubs: empty, then two through the dialog.
    await row.getByRole('link', { name: 'Hubs de Condomínio Aurora' }).click();
    await page.getByRole('heading', { name: 'Hubs do parceiro' }).waitFor();
    await page.getByText('Nenhum Hub atribuído').waitFor();
    partnerUrl = page.url().replace(/\/hubs$/, '');
    await addFromDialog(page, 'Adicionar Hub', 'Paulista', /^Adicionar .*Paulista/, 'Hub adicionado ao parceiro');
    await addFromDialog(page, 'Adicionar Hub', 'Savassi', /^Adicionar .*Savassi/, 'Hub adicionado ao parceiro');
    expect(await page.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Adicionar Hub' }).click();
    await page.getByRole('dialog').getByPlaceholder('Filtrar por nome').fill('zzz');
    await page.getByRole('dialog').getByText('Nenhum Hub disponível').waitFor();
    await page.keyboard.press('Escape');

    // Users: one, removed and added again through the confirmation.
    await page.goto(`${partnerUrl}/users`);
    await page.getByText('Nenhum usuário atribuído').waitFor();
    await addFromDialog(page, 'Adicionar usuário', 'Logística', /^Adicionar Logística Hub/, 'Usuário adicionado ao parceiro');
    await page.getByRole('row').filter({ hasText: 'logistica@hub.dev' }).waitFor();
    await page.getByRole('button', { name: 'Remover Logística Hub' }).click();
    await page.getByText('Tem certeza que deseja remover o usuário "Logística Hub" deste parceiro?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await settledToast(page, 'Usuário removido do parceiro');
    await page.getByText('Nenhum usuário atribuído').waitFor();
    await addFromDialog(page, 'Adicionar usuário', 'Log', /^Adicionar Logística Hub/, 'Usuário adicionado ao parceiro');

    // The token: shown once, copied; a new one revokes the old at once.
    await page.goto(partnerUrl);
    await page.getByRole('heading', { name: /Condomínio Aurora/, level: 1 }).waitFor();
    const first = await generate(page, 'Gerar token');
    await page.getByRole('button', { name: 'Copiar token', exact: true }).click();
    await settledToast(page, 'Token copiado para a área de transferência');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await (await me(base, first)).json()).toMatchObject({ name: 'Condomínio Aurora', company_name: 'Condomínio Residencial Aurora' });

    await page.reload();
    await page.getByText(`••••${first.slice(-4)}`, { exact: false }).waitFor();
    expect(await page.getByLabel('Copie o token agora: ele não será mostrado de novo.').count()).toBe(0);
    expect(await page.content()).not.toContain(first);
    const second = await generate(page, 'Regenerar');
    expect(second).not.toBe(first);
    const old = await me(base, first);
    expect(old.status).toBe(401);
    expect(((await old.json()) as { error: { code: string } }).error.code).toBe('invalid_partner_token');
    expect((await me(base, second)).status).toBe(200);

    // The partner's own history, newest first, never the token.
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    const history = page.getByRole('list', { name: 'Histórico do parceiro' });
    await history.getByText('Parceiro cadastrado').waitFor();
    await history.getByText('Token de API gerado').first().waitFor();
    expect(await history.textContent()).not.toContain(second);

    // Editing shows 'Ativo'; turning it off stops the token.
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar Parceiro', level: 1 }).waitFor();
    await page.getByRole('switch', { name: 'Ativo' }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await settledToast(page, 'Parceiro atualizado com sucesso');
    await page.waitForURL(`${base}/dashboard/partners`);
    await page.getByRole('row').filter({ hasText: 'Condomínio Aurora' }).getByText('Inativo').waitFor();
    expect((await me(base, second)).status).toBe(401);
    // Active again: the same token works again.
    await closeToasts(page);
    await page.getByRole('link', { name: 'Editar Condomínio Aurora' }).click();
    await page.getByRole('switch', { name: 'Ativo' }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await settledToast(page, 'Parceiro atualizado com sucesso');
    await page.getByRole('row').filter({ hasText: 'Condomínio Aurora' }).getByText('Ativo', { exact: true }).waitFor();
    expect((await me(base, second)).status).toBe(200);

    // A missing partner.
    await page.goto(`${base}/dashboard/partners/6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08`);
    await page.getByRole('heading', { name: 'Parceiro não encontrado' }).waitFor();
    expect(errors.filter((e) => !/404|401/.test(e))).toEqual([]);
    await ctx.close();
  }, 180_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshots the list, form, detail with token, users and Hubs at ${viewport.width} px (${label}), axe on each`, async () => {
      expect(partnerUrl).not.toBe('');
      const base = state.server.baseUrl;
      const { ctx, page } = await newPage(state, viewport);
      await page.goto(`${base}/dashboard/partners`);
      await page.getByRole('row').filter({ hasText: 'Condomínio Aurora' }).waitFor();
      await checkPage(page, 'Parceiros');
      await screenshot(page, 'dashboard-partners-list');

      await page.goto(`${base}/dashboard/partners/new/form`);
      await page.getByRole('button', { name: 'Criar parceiro' }).click();
      await page.getByText('Nome da empresa é obrigatório').waitFor();
      await checkPage(page, 'Novo Parceiro');
      await screenshot(page, 'dashboard-partner-form');

      await page.goto(partnerUrl);
      await generate(page, 'Regenerar');
      // The toast would cover the page's buttons in the picture: closed by hand.
      await closeToasts(page);
      // From the top, so the full-page picture does not catch the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await checkPage(page, 'Parceiro com token');
      await screenshot(page, 'dashboard-partner-detail');

      await page.goto(`${partnerUrl}/users`);
      await page.getByRole('row').filter({ hasText: 'logistica@hub.dev' }).waitFor();
      await checkPage(page, 'Usuários do parceiro');
      await screenshot(page, 'dashboard-partner-users');

      await page.goto(`${partnerUrl}/hubs`);
      await page.getByRole('row').filter({ hasText: 'Savassi' }).waitFor();
      await checkPage(page, 'Hubs do parceiro');
      await screenshot(page, 'dashboard-partner-hubs');
      await ctx.close();
    }, 120_000);
  }
});
