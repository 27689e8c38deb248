/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Issue 10 parts 4 and 6 in the browser: the personal-info card's account type, the profile edit
// form (nothing changed, a bad CPF, every field, an avatar: a real PNG sent with visible progress
// on a throttled link, shown after save), "Baixar meus dados" as a JSON download, and "Excluir
// minha conta" with its password dialog, after which the login screen refuses the old password
// with the spec's message. axe runs on every state.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makePng } from '../support/png.js';
import { VIEWPORTS, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const desktop = { viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', acceptDownloads: true } as const;

describe('profile, data download and account deletion', () => {
  const suite = useServerAndBrowser();

  it('shows the account type: Administrador for an admin, Usuário for a renter', async () => {
    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    const base = suite.server.baseUrl;
    await signInPage(page, base, await apiLogin(base, 'admin@hub.dev', 'admin123'));
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { name: 'Minhas Reservas' }).waitFor();
    await page.getByText('Administrador', { exact: true }).waitFor();
    await signInPage(page, base, await apiLogin(base, 'cliente@hub.dev', 'cliente123'));
    await page.goto(`${base}/profile`);
    await page.getByText('Usuário', { exact: true }).waitFor();
    await context.close();

    // On a 390 px phone: both screens usable, nothing scrolls sideways, axe clean.
    const phone = await suite.browser.newContext({ ...desktop, viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await signInPage(phonePage, base, await apiLogin(base, 'cliente@hub.dev', 'cliente123'));
    await phonePage.goto(`${base}/profile`);
    await phonePage.getByRole('button', { name: 'Excluir minha conta' }).waitFor();
    await checkPage(phonePage, 'Perfil (390 px)');
    await phonePage.goto(`${base}/profile/edit`);
    await phonePage.getByLabel('CPF').waitFor();
    await checkPage(phonePage, 'Editar Perfil (390 px)');
    // A visitor is told to sign in.
    await phonePage.evaluate(() => localStorage.clear());
    await phonePage.goto(`${base}/profile/edit`);
    await phonePage.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
    await phonePage.getByText('Usuário não está autenticado').waitFor();
    await phone.close();
  }, 60_000);

  it('edits the profile with an avatar upload, downloads the data, deletes the account', async () => {
    const base = suite.server.baseUrl;
    const email = `perfil-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Paula Perfil', email, phone: '(11) 98765-4321', password: 'segredo123' }),
    });
    expect(registered.status).toBe(201);

    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInPage(page, base, await apiLogin(base, email, 'segredo123'));

    await page.goto(`${base}/profile`);
    await page.getByText('Usuário', { exact: true }).waitFor();
    await checkPage(page, 'Perfil');
    await page.getByRole('link', { name: 'Editar Perfil' }).click();
    await page.waitForURL('**/profile/edit');
    await page.getByRole('heading', { name: 'Editar Perfil' }).waitFor();
    await checkPage(page, 'Editar Perfil');

    // The e-mail is shown, read-only, with the reason.
    const emailInput = page.getByLabel('E-mail');
    expect(await emailInput.inputValue()).toBe(email);
    expect(await emailInput.isDisabled()).toBe(true);
    await page.getByText('O e-mail não pode ser alterado por questões de segurança').waitFor();

    // Nothing changed: no call, the spec's notice.
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await settledToast(page, 'Nenhuma alteração detectada.');

    // Masks as one types; a CPF with a wrong check digit is refused before any call.
    await page.getByLabel('CPF').fill('52998224724');
    expect(await page.getByLabel('CPF').inputValue()).toBe('529.982.247-24');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('alert').filter({ hasText: 'CPF inválido' }).waitFor();
    await checkPage(page, 'Editar Perfil, CPF inválido');

    await page.getByLabel('CPF').fill('52998224725');
    await page.getByLabel('CNPJ').fill('11222333000181');
    expect(await page.getByLabel('CNPJ').inputValue()).toBe('11.222.333/0001-81');
    await page.getByLabel('CEP').fill('30130100');
    expect(await page.getByLabel('CEP').inputValue()).toBe('30130-100');
    await page.getByLabel('Endereço').fill('Av. Afonso Pena');
    await page.getByLabel('Número').fill('1212');
    await page.getByLabel('Bairro').fill('Centro');
    await page.getByLabel('Cidade').fill('Belo Horizonte');
    await page.getByLabel('Estado').selectOption('MG');
    await page.getByLabel('Telefone').fill('3134567890');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(31) 3456-7890');

    // The avatar: a real 1.2 MB PNG over a link throttled to ~1 MB/s, so progress is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const png = makePng(640, 640, { noise: true });
    expect(png.byteLength).toBeGreaterThan(1_200_000);
    await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    const bar = page.getByRole('progressbar', { name: 'Progresso do envio da foto' });
    await bar.waitFor();
    const seen = new Set<number>();
    for (let i = 0; i < 200 && !(await page.getByTestId('avatar-preview').isVisible()); i++) {
      const value = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (value !== null) seen.add(Number(value));
      await page.waitForTimeout(50);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(
      [...seen].some((v) => v > 0 && v < 100),
      `progress values seen: ${[...seen].join(', ')}`,
    ).toBe(true);
    await settledToast(page, 'Imagem enviada com sucesso!');
    const preview = page.getByTestId('avatar-preview');
    expect(await preview.getAttribute('src')).toMatch(/^\/files\/avatars\/.+\.png$/);
    await checkPage(page, 'Editar Perfil, foto enviada');

    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await settledToast(page, 'Perfil atualizado com sucesso!');
    await page.waitForURL(/\/profile$/);
    // The avatar is on the personal-info card, loaded (a real image, not a broken one).
    const avatar = page.getByTestId('profile-avatar');
    await avatar.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="profile-avatar"]');
      return Boolean(img?.complete && img.naturalWidth === 640);
    });
    await page.getByText('(31) 3456-7890').waitFor();
    const me = await (
      await fetch(`${base}/api/users/profile/me`, { headers: { authorization: `Bearer ${(await apiLogin(base, email, 'segredo123')).token}` } })
    ).json();
    expect(me).toMatchObject({ cpf: '52998224725', cnpj: '11222333000181', postal_code: '30130100', state: 'MG', city: 'Belo Horizonte', phone: '3134567890' });
    expect(me.avatar_url).toBe(await avatar.getAttribute('src'));

    // "Baixar meus dados": a JSON file with the account in it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar meus dados' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hub-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(exported.account).toMatchObject({ email, cpf: '52998224725', name: 'Paula Perfil' });

    // "Excluir minha conta": a dialog asking for the password; a wrong one is told, the right one erases.
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir minha conta' });
    await dialog.waitFor();
    await checkPage(page, 'Excluir minha conta');
    await dialog.getByLabel('Confirme sua senha').fill('errada');
    await dialog.getByRole('button', { name: 'Excluir conta' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Senha incorreta.' }).waitFor();
    await dialog.getByLabel('Confirme sua senha').fill('segredo123');
    await dialog.getByRole('button', { name: 'Excluir conta' }).click();
    await page.waitForURL('**/login');
    await settledToast(page, 'Conta excluída.');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // The old credentials no longer sign in: the spec's login error.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha').fill('segredo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await settledToast(page, 'Falha no login: Verifique suas credenciais');
    expect(page.url()).toMatch(/\/login$/);
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});
