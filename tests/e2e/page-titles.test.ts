import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

// Every screen names itself in the tab (issue 30 item 6): a visitor's, a renter's and an admin's
// walk through the routes, each title what the screen is, none shared with another.
describe('page titles', () => {
  const suite = useServerAndBrowser();

  async function walk(page: Page, expected: Record<string, string>): Promise<string[]> {
    const seen: string[] = [];
    for (const [path, title] of Object.entries(expected)) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      await expect.poll(() => page.title(), { message: path, timeout: 10_000 }).toBe(title);
      seen.push(await page.title());
    }
    return seen;
  }

  it('gives every public, renter and dashboard screen its own pt-BR title', async () => {
    const visitor = await suite.browser.newContext({ locale: 'pt-BR' });
    const seen = await walk(await visitor.newPage(), {
      '/': 'Hub — lockers por hora',
      '/hubs/BH-01': 'Savassi · Hub',
      '/login': 'Entrar · Hub',
      '/register': 'Criar conta · Hub',
      '/forgot-password': 'Esqueci minha senha · Hub',
      '/terms': 'Termos de uso · Hub',
      '/privacy': 'Política de privacidade · Hub',
      '/contact': 'Fale conosco · Hub',
      '/hubs/ZZ-99': 'Hub não encontrado · Hub',
      '/pagina-que-nao-existe': 'Página não encontrada · Hub',
    });
    await visitor.close();

    const renter = await suite.browser.newContext({ locale: 'pt-BR' });
    const renterPage = await renter.newPage();
    await signInPage(renterPage, suite.server.baseUrl, await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123'));
    seen.push(...(await walk(renterPage, { '/profile': 'Minhas reservas · Hub', '/profile/edit': 'Editar perfil · Hub' })));
    await renter.close();

    const admin = await suite.browser.newContext({ locale: 'pt-BR' });
    const adminPage = await admin.newPage();
    await signInPage(adminPage, suite.server.baseUrl, await apiLogin(suite.server.baseUrl, 'admin@hub.dev', 'admin123'));
    seen.push(
      ...(await walk(adminPage, {
        '/dashboard': 'Painel de controle · Dashboard · Hub',
        '/dashboard/hubs': 'Hubs · Dashboard · Hub',
        '/dashboard/hubs/BH-01': 'Savassi (BH-01) · Dashboard · Hub',
        '/dashboard/hubs/BH-01/history': 'Histórico do Hub BH-01 · Dashboard · Hub',
        '/dashboard/operators': 'Operadores · Dashboard · Hub',
        '/dashboard/partners': 'Parceiros · Dashboard · Hub',
        '/dashboard/settings': 'Configurações · Dashboard · Hub',
        '/dashboard/alerts': 'Alertas · Dashboard · Hub',
        '/dashboard/logistics/collections': 'Coletas · Dashboard · Hub',
        '/dashboard/nada-aqui': 'Página não encontrada · Dashboard · Hub',
      })),
    );
    await admin.close();

    expect(new Set(seen).size).toBe(seen.length);
  }, 120_000);
});
