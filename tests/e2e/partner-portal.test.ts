/// <reference lib="dom" />
// Issue 27 item 5 in the browser: a renter's account added to a partner signs in through /login
// and lands on its one dashboard screen, 'Integração' (ADR 0020): the sidebar has nothing else and
// any other dashboard address leads back there. It generates the sandbox token, shown once with
// copy ('Token copiado para a área de transferência'); the token answers on the test Hubs with
// Hub-Sandbox: true, and after a reload the page shows its hint only. The admin's partner page
// shows the sandbox card. Screenshots of Integração at 390 and 1280 px, axe on each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, apiRegister, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const context = (viewport: { width: number; height: number }) => ({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' }) as const;
const PASSWORD = 'segredo123';

async function api(base: string, token: string, method: string, path: string) {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Closes every toast (the pictures show the page, not a toast over it). */
async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    await toasts.first().locator('[data-close-button]').click();
    await expect.poll(() => toasts.count()).toBeLessThan(n);
  }
}

describe("the partner's Integração page", () => {
  const state = useServerAndBrowser();
  let partnerId = '';
  let email = '';

  it('a partner user signs in, lands on Integração, and generates the sandbox token once', async () => {
    const base = state.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const made = await fetch(`${base}/api/partners`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        name: 'Marina Costa',
        email: 'contato@aurora.com.br',
        company_name: 'Condomínio Residencial Aurora',
        trading_name: 'Condomínio Aurora',
      }),
    });
    expect(made.status).toBe(201);
    partnerId = ((await made.json()) as { id: string }).id;
    const renter = await apiRegister(base, 'Bia Souza');
    email = renter.user.email;
    await api(base, admin.token, 'POST', `/api/partners/${partnerId}/users/${renter.user.id}`);

    const ctx = await state.browser.newContext(context(VIEWPORTS.desktop));
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/dashboard`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/dashboard/integration');
    await page.getByRole('heading', { name: 'Integração', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Condomínio Aurora', level: 2 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard', exact: true });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Integração']);
    // The partner's own webhooks are here too (the same panel as the admin's partner page).
    await page.getByText('Nenhum webhook cadastrado.').waitFor();
    await page.getByText('Parceiro', { exact: true }).first().waitFor();
    // Any other dashboard address leads back here.
    await page.goto(`${base}/dashboard/hubs`);
    await page.waitForURL('**/dashboard/integration');
    await page.getByText('TESTE-01').waitFor();

    await page.getByRole('button', { name: 'Gerar token de teste', exact: true }).click();
    const field = page.getByLabel('Copie o token de teste agora: ele não será mostrado de novo.');
    await field.waitFor();
    await expect.poll(async () => (await field.inputValue()).length).toBeGreaterThan(50);
    const token = await field.inputValue();
    expect(token).toMatch(/^hubp_test_/);
    await settledToast(page, 'Token de teste gerado com sucesso');
    await page.getByRole('button', { name: 'Copiar token de teste', exact: true }).click();
    await settledToast(page, 'Token copiado para a área de transferência');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // The token works on the test Hubs, marked sandbox.
    const hubs = await fetch(`${base}/api/partner/v1/hubs`, { headers: { authorization: `Bearer ${token}` } });
    expect(hubs.status).toBe(200);
    expect(hubs.headers.get('hub-sandbox')).toBe('true');
    expect(((await hubs.json()) as { data: { id: string }[] }).data.map((h) => h.id)).toEqual(['TESTE-01', 'TESTE-02']);

    // Shown once: after a reload only its hint.
    await page.reload();
    await page.getByText(`Token de teste ativo terminado em ••••${token.slice(-4)}`, { exact: false }).waitFor();
    expect(await field.count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    await page.getByRole('button', { name: 'Regenerar token de teste', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("the admin's partner page shows the sandbox token card", async () => {
    expect(partnerId).not.toBe('');
    const base = state.server.baseUrl;
    const ctx = await state.browser.newContext(context(VIEWPORTS.desktop));
    const page = await ctx.newPage();
    await signInPage(page, base, await apiLogin(base, 'admin@hub.dev', 'admin123'));
    await page.goto(`${base}/dashboard/partners/${partnerId}`);
    await page.getByRole('heading', { name: 'Token de teste (sandbox)' }).waitFor();
    await page.getByText('Token de teste ativo terminado em ••••', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Regenerar token de teste', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Gerar token', exact: true }).waitFor();
    await ctx.close();
  }, 60_000);

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`screenshots Integração with a token shown at ${viewport.width} px (${label}), axe checked`, async () => {
      expect(email).not.toBe('');
      const base = state.server.baseUrl;
      const ctx = await state.browser.newContext(context(viewport));
      const page = await ctx.newPage();
      await signInPage(page, base, await apiLogin(base, email, PASSWORD));
      await page.goto(`${base}/dashboard/integration`);
      await page.getByRole('heading', { name: 'Integração', level: 1 }).waitFor();
      // The live token: 'Gerar token' the first time, 'Regenerar' after.
      await page.getByRole('button', { name: /^(Gerar token|Regenerar)$/ }).click();
      await page.getByLabel('Copie o token agora: ele não será mostrado de novo.').waitFor();
      await settledToast(page, 'Token de API gerado com sucesso');
      await closeToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await checkPage(page, 'Integração do parceiro');
      await screenshot(page, 'dashboard-partner-integration');
      await ctx.close();
    }, 60_000);
  }
});
