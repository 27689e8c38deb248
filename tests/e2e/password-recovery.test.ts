/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Issue 10 parts 1, 2 and 7 in the browser, the Hub process sending mail over SMTP to a real SMTP
// server in this test: forgot password → the mail arrives → its link opens /reset-password → a
// new password → login works and the old password does not; the recovery redirector; the
// e-mail confirmation's resend and link; /terms, /privacy and /contact (whose message arrives at
// the support address). axe runs on every state, at 1280 px and 390 px.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { VIEWPORTS, screenshot, watchErrors } from './support/browser.js';
import { checkPage, settledToast } from './support/layout.js';
import { apiLogin, signInPage } from './support/session.js';
import { useServerAndBrowser } from './support/suite.js';

const SUPPORT = 'suporte@hub.test';
const desktop = { viewport: VIEWPORTS.desktop, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;
const phone = { ...desktop, viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true } as const;

// The SMTP server starts first; the Hub process is started (by the suite) with its address.
const env: Record<string, string> = {};
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  Object.assign(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Hub <nao-responda@hub.test>', SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => {
  await smtp?.close();
});

async function register(base: string, password: string) {
  const email = `recupera-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Renata Recupera', email, phone: '(11) 98765-4321', password }),
  });
  expect(res.status).toBe(201);
  return email;
}

const linkIn = (text: string | undefined, path: string) => {
  const link = new RegExp(`https?://\\S+${path}#\\S+`).exec(text ?? '')?.[0];
  expect(link, `a ${path} link in: ${text}`).toBeDefined();
  return link!;
};

describe('password recovery, e-mail confirmation and static pages', () => {
  const suite = useServerAndBrowser({ env });

  it('forgot password → mail → /reset-password → new password signs in, the old one does not', async () => {
    const base = suite.server.baseUrl;
    const email = await register(base, 'antiga123');
    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${base}/login`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Recuperar Senha' }).waitFor();
    await checkPage(page, 'Esqueci minha senha');
    await screenshot(page, 'forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter'); // the keyboard is enough
    await page.getByRole('heading', { name: 'Email Enviado!' }).waitFor();
    await settledToast(page, 'Verifique seu email para redefinir sua senha.');
    expect(await page.getByTestId('recovery-email').textContent()).toBe(email);
    await checkPage(page, 'Email Enviado!');
    await screenshot(page, 'forgot-password-sent');
    // 'Enviar para outro email' goes back to an empty form.
    await page.getByRole('button', { name: 'Enviar para outro email' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    const mail = await smtp.waitFor(email, (m) => m.subject === 'Redefinição de senha do Hub');
    const link = linkIn(mail.text, '/reset-password');
    expect(mail.html).toContain('Redefinir Senha');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Redefinir Senha' }).waitFor();
    // The link's secret left the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await checkPage(page, 'Redefinir Senha');
    await screenshot(page, 'reset-password');
    const submit = page.getByRole('button', { name: 'Redefinir Senha' });
    expect(await submit.isDisabled()).toBe(true); // both fields empty
    await page.getByLabel('Nova Senha').fill('nova-senha-1');
    await page.getByLabel('Confirmar Senha').fill('nova-senha-2');
    await submit.click();
    await settledToast(page, 'As senhas não coincidem.');
    await page.getByLabel('Nova Senha').fill('12345');
    await page.getByLabel('Confirmar Senha').fill('12345');
    await submit.click();
    await settledToast(page, 'A senha deve ter pelo menos 6 caracteres.');
    await page.getByLabel('Nova Senha').fill('nova-senha-1');
    await page.getByLabel('Confirmar Senha').fill('nova-senha-1');
    await submit.click();
    await page.getByRole('heading', { name: 'Senha Redefinida!' }).waitFor();
    await settledToast(page, 'Senha redefinida com sucesso.');
    await checkPage(page, 'Senha Redefinida!');
    await page.waitForURL(/\/login$/, { timeout: 10_000 }); // the 3-second redirect

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha').fill('antiga123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await settledToast(page, 'Falha no login: Verifique suas credenciais');
    await page.getByLabel('Senha').fill('nova-senha-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await settledToast(page, 'Login realizado com sucesso!');
    await page.waitForURL((url) => url.pathname !== '/login');

    // The same link a second time: 'Link Inválido', with the way to a new one.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link Inválido' }).waitFor();
    await settledToast(page, 'Link de recuperação inválido ou expirado.');
    await page.getByRole('link', { name: 'Solicitar Novo Link' }).click();
    await page.waitForURL('**/forgot-password');
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);

  it('sends a recovery hash that lands elsewhere on to /reset-password; both screens fit a phone', async () => {
    const base = suite.server.baseUrl;
    const context = await suite.browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(`${base}/#access_token=00000000-0000-4000-8000-000000000000&refresh_token=${'a'.repeat(43)}&type=recovery`);
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { name: 'Link Inválido' }).waitFor();
    await checkPage(page, 'Link Inválido (390 px)');
    await screenshot(page, 'reset-password-invalid');
    // Without type=recovery the hash is left alone.
    await page.goto(`${base}/#access_token=x&refresh_token=y`);
    await page.getByRole('heading', { name: 'Encontre um Hub' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${base}/forgot-password`);
    await page.getByRole('button', { name: 'Recuperar Senha' }).waitFor();
    await checkPage(page, 'Esqueci minha senha (390 px)');
    await screenshot(page, 'forgot-password');
    await context.close();
  }, 60_000);

  it('the confirmation screen resends for real after its countdown, and the link confirms the address', async () => {
    const base = suite.server.baseUrl;
    const email = await register(base, 'segredo123');
    const first = await smtp.waitFor(email, (m) => m.subject === 'Confirme seu e-mail no Hub');
    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${base}/email-confirmation?email=${encodeURIComponent(email)}`);
    const resend = page.getByRole('button', { name: /Reenviar/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.runFor(61_000);
    await page.getByRole('button', { name: 'Reenviar e-mail' }).click();
    await settledToast(page, 'E-mail de confirmação reenviado!');
    // The countdown starts again (time still flows under the installed clock: a slow box may show 59s first).
    await page.getByRole('button', { name: /Reenviar em (60|5\d)s/ }).waitFor();
    await checkPage(page, 'Confirmação de e-mail');
    const second = await smtp.waitFor(email, (m) => m.subject === 'Confirme seu e-mail no Hub' && m !== first);
    const link = linkIn(second.text, '/email-confirmation');
    expect(link).not.toBe(linkIn(first.text, '/email-confirmation'));

    await page.goto(link);
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await checkPage(page, 'E-mail confirmado');
    await page.goto('about:blank'); // else the same path with a new hash would not reload
    await page.goto(link); // once only
    await page.getByRole('heading', { name: 'Link Inválido' }).waitFor();
    await context.close();
  }, 90_000);

  it('/terms, /privacy and /contact render from the footer; the contact message reaches support', async () => {
    const base = suite.server.baseUrl;
    for (const options of [desktop, phone]) {
      const width = options.viewport.width;
      const context = await suite.browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${base}/`);
      const footer = page.locator('footer');

      await footer.getByRole('link', { name: 'Termos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
      expect(await page.locator('main ol > li h2').count()).toBe(10);
      await page.getByText('reembolso integral').waitFor();
      await checkPage(page, `Termos (${width} px)`);
      await screenshot(page, 'terms');

      await page.locator('footer').getByRole('link', { name: 'Privacidade' }).click();
      await page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
      expect(await page.locator('main ol > li h2').allTextContents()).toHaveLength(10);
      expect((await page.locator('main ol > li h2').first().textContent())?.startsWith('1.')).toBe(true);
      const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
      expect(await page.getByTestId('last-updated').textContent()).toBe(`Última atualização: ${today}`);
      await checkPage(page, `Privacidade (${width} px)`);
      await screenshot(page, 'privacy');

      await page.locator('footer').getByRole('link', { name: 'Contato' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fale Conosco' }).waitFor();
      await checkPage(page, `Contato (${width} px)`);
      await screenshot(page, 'contact');
      await context.close();
    }

    // The form: validation first, then 'Enviando...' and the message at the support address.
    const context = await suite.browser.newContext(desktop);
    const page = await context.newPage();
    await page.goto(`${base}/contact`);
    await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
    await page.getByText('Informe seu nome').waitFor();
    await page.getByLabel('Nome').fill('Otávio Contato');
    await page.getByLabel('Email').fill('nao-e-email');
    await page.getByLabel('Assunto').fill('Locker emperrado');
    await page.getByLabel('Mensagem').fill('O locker 2 do SP-01 não abre com o código.');
    await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
    await page.getByText('E-mail inválido').waitFor();
    await checkPage(page, 'Contato com erros');
    await page.getByLabel('Email').fill('otavio@example.com');
    await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
    await page.getByRole('button', { name: 'Enviando...' }).waitFor();
    await settledToast(page, 'Recebemos sua mensagem e responderemos em breve.');
    expect(await page.getByLabel('Assunto').inputValue()).toBe('');
    const mail = await smtp.waitFor(SUPPORT, (m) => m.subject === '[Contato] Locker emperrado');
    expect(mail.replyTo?.value[0]?.address).toBe('otavio@example.com');
    expect(mail.text).toContain('O locker 2 do SP-01 não abre com o código.');

    // Signed in, name and e-mail come filled in.
    await signInPage(page, base, await apiLogin(base, 'cliente@hub.dev', 'cliente123'));
    await page.goto(`${base}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Fale Conosco' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('cliente@hub.dev');
    expect(await page.getByLabel('Nome').inputValue()).not.toBe('');
    await context.close();
  }, 120_000);
});
