/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { useServerAndBrowser } from './support/suite.js';
import { apiLogin, signInPage } from './support/session.js';

describe('live availability, 404 and the Home error state', () => {
  const suite = useServerAndBrowser();

  it('(b) a booking in one page lowers the availability badge in another within 2 s, without reload', async () => {
    const booker = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, timezoneId: 'America/Sao_Paulo' });
    const watcher = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, timezoneId: 'America/Sao_Paulo' });
    const bookerPage = await booker.newPage();
    const watcherPage = await watcher.newPage();
    await signInPage(bookerPage, suite.server.baseUrl, await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123'));

    await watcherPage.goto(`${suite.server.baseUrl}/hubs/SP-02`);
    const badge = watcherPage.getByTestId('availability-P');
    await badge.filter({ hasText: '4 disponíveis' }).waitFor();
    let reloaded = false;
    watcherPage.on('framenavigated', (frame) => {
      if (frame === watcherPage.mainFrame()) reloaded = true;
    });

    await bookerPage.goto(`${suite.server.baseUrl}/hubs/SP-02`);
    await bookerPage.getByTestId('size-card-P').click();
    // Defaults: today, the current half-hour slot, 1 hour — a booking that covers now.
    const created = bookerPage.waitForResponse((r) => r.url().endsWith('/api/reservations/by-size'));
    await bookerPage.getByRole('button', { name: 'Reservar' }).click();
    expect((await created).status()).toBe(201);
    const bookedAt = Date.now();

    await badge.filter({ hasText: '3 disponíveis' }).waitFor({ timeout: 2000 });
    expect(Date.now() - bookedAt).toBeLessThan(2000);
    expect(reloaded).toBe(false);
    await checkPage(watcherPage, 'Hub atualizado ao vivo');
    await booker.close();
    await watcher.close();
  }, 60_000);

  it('(c) unknown paths show the 404 page with a way home', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${suite.server.baseUrl}/nao/existe`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await checkPage(page, '404');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();
    await page.close();
  }, 30_000);

  it('(c) when the Hubs fail to load, Home shows the error and retries on request', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
    let failing = true;
    let calls = 0;
    await page.route('**/api/hubs', async (route) => {
      calls++;
      if (failing)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Indisponível' } }),
        });
      else await route.continue();
    });
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('tab', { name: 'Lista' }).click();
    await page.getByText('Erro ao carregar dados').waitFor({ timeout: 15_000 });
    // The spec's 3 attempts (1 s then 2 s apart) come before the error; a live push may add a refetch.
    expect(calls).toBeGreaterThanOrEqual(3);
    await checkPage(page, 'Home com erro');

    failing = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByTestId('hub-card').first().waitFor();
    expect(await page.getByTestId('hub-card').count()).toBeGreaterThanOrEqual(6);
    await page.close();
  }, 45_000);

  it('renews an expired access token with the refresh token and repeats the call', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
    const login = await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123');
    await signInPage(page, suite.server.baseUrl, { ...login, token: 'expirado.invalido.token' });
    await page.goto(`${suite.server.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Minhas Reservas' }).waitFor();
    await page.getByRole('tab', { name: /Ativas/ }).waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    expect(token).not.toBe('expirado.invalido.token');
    expect(token?.split('.')).toHaveLength(3);
    await checkPage(page, 'Perfil');
    await page.close();
  }, 30_000);

  it("a session that can no longer be renewed ends with 'Sessão inválida'", async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
    const login = await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123');
    // Signed out everywhere: the refresh token is refused as well as the stale access token.
    const signout = await fetch(`${suite.server.baseUrl}/api/auth/signout`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` } });
    expect(signout.ok).toBe(true);
    await signInPage(page, suite.server.baseUrl, { ...login, token: 'expirado.invalido.token' });
    await page.goto(`${suite.server.baseUrl}/profile`);
    await page.getByText('Sessão inválida', { exact: true }).waitFor();
    // Signed out on this page too: the profile asks to sign in again.
    await page.getByText('Faça login para ver suas reservas.', { exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.getByText('Sessão inválida', { exact: true }).count()).toBe(1);
    await page.close();
  }, 30_000);

  it('a booking whose answer was lost: tapping Reservar again books once and opens its checkout', async () => {
    const base = suite.server.baseUrl;
    const email = `perdida-${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Resposta Perdida', email, phone: '11987654321', password: 'segredo123' }),
    });
    expect(registered.status).toBe(201);
    const login = await apiLogin(base, email, 'segredo123');
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, base, login);

    // The first booking reaches the server and is made there, but its answer never arrives.
    const keys: (string | undefined)[] = [];
    await page.route('**/api/reservations/by-size', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.goto(`${base}/hubs/BH-01`);
    await page.getByTestId('size-card-P').click();
    await page.getByRole('button', { name: 'Reservar' }).click();
    await page.getByText('Erro ao criar reserva. Por favor, tente novamente.').first().waitFor();
    await page.getByRole('button', { name: 'Reservar' }).click();
    await page.waitForURL('**/checkout/*');

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const mine = (await (await fetch(`${base}/api/reservations/user/${login.user.id}`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as {
      id: string;
    }[];
    expect(mine).toHaveLength(1);
    expect(page.url()).toContain(`/checkout/${mine[0]!.id}`);
    await page.close();
  }, 30_000);
});
