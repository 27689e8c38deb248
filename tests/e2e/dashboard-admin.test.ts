/// <reference lib="dom" />
// The admin side, clicked through in Chromium against the real Hub process: an admin creates a Hub
// with two lockers and an image, deactivates a locker while a second admin page watches, a renter
// books the other, and the admin finds that booking in the locker's history.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePng } from '../support/png.js';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage } from './support/layout.js';
import { apiBook, apiLogin, nextHours, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const HUB = 'QA-01';

/** A field by its label, whether or not it carries the required mark (' *'). */
const field = (scope: Pick<Page, 'getByLabel'>, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}( \\*)?$`));

async function fill(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
}

const alert = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('admins run and audit Hubs in the dashboard', () => {
  const suite = useServerAndBrowser();

  it('a renter opening /dashboard lands on /login and comes back after logging in as admin', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await signInPage(page, suite.server.baseUrl, await apiLogin(suite.server.baseUrl, 'cliente@hub.dev', 'cliente123'));
    await page.goto(`${suite.server.baseUrl}/dashboard/hubs`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('admin@hub.dev');
    await page.getByLabel('Senha').fill('admin123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard/hubs');
    await page.getByRole('heading', { name: 'Hubs' }).first().waitFor();
    await expect(page.getByText('Dashboard de gestão').first().isVisible()).resolves.toBe(true);
    await context.close();
  }, 60_000);

  it('creates, equips, pictures, deactivates and audits a Hub; a second admin page follows live', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiLogin(base, 'admin@hub.dev', 'admin123');
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInPage(page, base, admin);

    // The form refuses what §5 refuses, with its words.
    await page.goto(`${base}/dashboard/hubs`);
    await page
      .getByRole('link', { name: /Novo Hub|Criar Hub/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard/hubs/new/form');
    await page.getByText('Salve o Hub primeiro antes de adicionar lockers', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Criar Hub' }).click();
    await alert(page, 'Por favor, preencha todos os campos obrigatórios.').waitFor();
    await checkPage(page, 'Formulário do Hub com erros');
    await fill(page, 'ID', 'Q1');
    await fill(page, 'Chave Secreta', 'CHAVE-MUITO-LONGA');
    await page.getByRole('button', { name: 'Criar Hub' }).click();
    await alert(page, 'ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).').waitFor();
    await alert(page, 'Chave secreta deve ter no máximo 10 caracteres alfanuméricos.').waitFor();

    await fill(page, 'ID', HUB);
    await fill(page, 'Chave Secreta', 'QA20261234');
    await fill(page, 'Nome', 'Hub de Testes');
    await fill(page, 'Endereço', 'Rua dos Testes, 100');
    await fill(page, 'CEP', '01310-100');
    await fill(page, 'Cidade', 'São Paulo');
    await fill(page, 'Estado', 'SP');
    await fill(page, 'Descrição', 'Criado pelo teste do dashboard.');
    await fill(page, 'Latitude', '-23.5614');
    await fill(page, 'Longitude', '-46.6559');
    await page.getByRole('button', { name: 'Criar Hub' }).click();
    await page.getByText('Hub criado com sucesso!').first().waitFor();
    await page.waitForURL(`**/dashboard/hubs/${HUB}/form`);
    // The edit form replaces the create form once the new Hub is loaded: pick the file in that one.
    await page.getByRole('form', { name: `Editar Hub ${HUB}` }).waitFor();
    await page.getByRole('button', { name: 'Salvar alterações' }).waitFor();

    // The image, uploaded with progress; the Hub is saved only once it has a locker (§5).
    await page.getByLabel('Imagem do Hub').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: makePng(8, 8) });
    await page.getByText('Imagem enviada com sucesso!').first().waitFor();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await alert(page, 'Adicione pelo menos um locker.').waitFor();

    // Two lockers through the locker dialog.
    await page.getByRole('tab', { name: 'Lockers' }).click();
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Adicionar locker' }).first().click();
      const dialog = page.getByRole('dialog');
      await field(dialog, 'Preço por hora (R$)').fill('6.50');
      await dialog.getByRole('button', { name: 'Adicionar locker' }).click();
      await page.getByText('Locker criado com sucesso!').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Remover locker 02' }).waitFor();

    // Back on Informações the uploaded image is still in the form: saved with the Hub now.
    await page.getByRole('tab', { name: 'Informações' }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Hub atualizado com sucesso!').first().waitFor();

    // The public Hub page shows the uploaded image.
    const visitor = await suite.browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${base}/hubs/${HUB}`);
    const image = publicPage.getByRole('img', { name: 'Foto do Hub Hub de Testes' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/\/files\/hubs\/.+\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 5000 }).toBe(8);
    await visitor.close();

    // A second admin watches the Hub detail while the first deactivates locker 01.
    const watcher = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const watcherPage = await watcher.newPage();
    await signInPage(watcherPage, base, await apiLogin(base, 'admin@hub.dev', 'admin123'));
    await watcherPage.goto(`${base}/dashboard/hubs/${HUB}`);
    await watcherPage.getByRole('tab', { name: 'Lockers' }).click();
    const watchedToggle = watcherPage.getByRole('button', { name: 'Ativar Locker: locker 01' });
    let reloaded = false;
    watcherPage.on('framenavigated', (frame) => {
      if (frame === watcherPage.mainFrame()) reloaded = true;
    });

    await page.goto(`${base}/dashboard/hubs/${HUB}`);
    await page.getByRole('tab', { name: 'Lockers' }).click();
    await page.getByRole('button', { name: 'Marcar como Inativo: locker 01' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Marcar como Inativo' }).click();
    const toggledAt = Date.now();
    await page.getByRole('button', { name: 'Ativar Locker: locker 01' }).waitFor();
    await watchedToggle.waitFor({ timeout: 2000 });
    expect(Date.now() - toggledAt).toBeLessThan(2000);
    expect(reloaded).toBe(false);
    await watcher.close();

    // A renter books: only locker 02 is active.
    const renter = await apiLogin(base, 'cliente@hub.dev', 'cliente123');
    const window = nextHours(2, 2);
    const booking = await apiBook(base, renter.token, { hub_id: HUB, size: 'P', ...window });
    expect(booking.status).toBe('pending');

    // The admin finds it in locker 02's history, with the renter's name and the time.
    await page.getByRole('link', { name: 'Histórico do locker 02' }).click();
    await page.waitForURL(`**/dashboard/hubs/${HUB}/lockers/*/history`);
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: `reservado por ${renter.user.name}` })
      .first();
    await entry.waitFor({ timeout: 10_000 });
    const start = new Date(window.start_time);
    const hhmm = start.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
    expect(await entry.textContent()).toContain(hhmm);
    await checkPage(page, 'Histórico do locker');

    // The logistics form's rule on edit: the name.
    await page.goto(`${base}/dashboard/logistics/hubs/${HUB}/form`);
    await fill(page, 'Nome', '');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await alert(page, 'Por favor, preencha o nome do Hub').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
