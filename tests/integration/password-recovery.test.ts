// Password recovery and e-mail confirmation over the whole API, mail going over SMTP to a real
// SMTP server in this process: the link in the message that arrives is the one used. Time moves
// by the app's clock (no sleeping); every caller speaks from its own address unless a test is
// about the per-address limit.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrlFromEnv } from '../../infra/app-url.js';
import { createSmtpMailer } from '../../infra/mail/smtp.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let smtp: TestSmtpServer;
let t: TestApp;

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let emailCounter = 0;
const nextEmail = () => `recupera${++emailCounter}@exemplo.com.br`;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ projections: false, mailer: createSmtpMailer(smtp.url, 'Hub <nao-responda@hub.test>') });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Every body shape these routes answer, merged: fields are read by their real names.
type Body = {
  data: { message: string; email: string | null; confirmed?: boolean; session: { refresh_token: string } };
  error: { code: string; message: string };
};

async function call(url: string, body: unknown, opts: { ip?: string; token?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers, shape: errorShapeProblem(res, 'POST') };
}

async function register(password = 'antiga123') {
  const email = nextEmail();
  const res = await call('/api/auth/register', { name: 'Rita Lee', email, phone: '11987654321', password });
  expect(res.status).toBe(201);
  return { email, password, refresh: res.body.data.session.refresh_token };
}

/** The reset link's halves from the message's text, as /reset-password reads them from the hash. */
function recoveryTokens(mail: ParsedMail) {
  const link = /https?:\/\/\S+\/reset-password#\S+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  const hash = new URLSearchParams(new URL(link!).hash.slice(1));
  expect(hash.get('type')).toBe('recovery');
  return { access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! };
}

const recoveryMails = (email: string) => smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(email) && m.subject?.includes('senha'));

async function requestLink(email: string, previous = 0) {
  const res = await call('/api/auth/recover', { email });
  expect(res.status).toBe(202);
  const mail = await smtp.waitFor(email, (m) => m.subject === 'Redefinição de senha do Hub' && recoveryMails(email).indexOf(m) >= previous);
  return recoveryTokens(mail);
}

describe('password recovery', () => {
  it('answers the same status and body for an e-mail with an account and one without; only the account gets mail', async () => {
    const known = await register();
    const unknown = nextEmail();
    const a = await call('/api/auth/recover', { email: unknown });
    const b = await call('/api/auth/recover', { email: known.email });
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body.data.message).toBe('Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.');
    const mail = await smtp.waitFor(known.email, (m) => m.subject === 'Redefinição de senha do Hub');
    expect(mail.html).toContain('Redefinir Senha');
    expect(smtp.received.some((m) => JSON.stringify(m.to).includes(unknown))).toBe(false);
  });

  it('a link works once: sets the new password, ends every session, and is refused the second time', async () => {
    const user = await register();
    const link = await requestLink(user.email);

    const verified = await call('/api/auth/recovery/verify', link);
    expect(verified.status).toBe(200);
    expect(verified.body.data.email).toBe(user.email);

    const reset = await call('/api/auth/reset-password', { ...link, password: 'nova-senha-1' });
    expect(reset.status).toBe(200);

    expect((await call('/api/auth/login', { email: user.email, password: 'nova-senha-1' })).status).toBe(200);
    expect((await call('/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    // The refresh token from before the reset no longer renews anything.
    const refreshed = await call('/api/auth/refresh', { refresh_token: user.refresh });
    expect(refreshed.status).toBe(401);

    const again = await call('/api/auth/reset-password', { ...link, password: 'outra-senha-2' });
    expect(again.status).toBe(401);
    expect(again.body.error).toEqual({ code: 'invalid_recovery_link', message: 'Link de recuperação inválido ou expirado.' });
    expect((await call('/api/auth/recovery/verify', link)).status).toBe(401);
    expect((await call('/api/auth/login', { email: user.email, password: 'outra-senha-2' })).status).toBe(401);
  });

  it('a link is refused after 1 hour', async () => {
    const user = await register();
    const link = await requestLink(user.email);
    try {
      t.clock.now = new Date(Date.now() + 60 * 60_000 + 5_000);
      expect((await call('/api/auth/recovery/verify', link)).status).toBe(401);
      expect((await call('/api/auth/reset-password', { ...link, password: 'tarde-demais' })).status).toBe(401);
    } finally {
      t.clock.now = null;
    }
    expect((await call('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('a newer link makes the older one useless', async () => {
    const user = await register();
    const older = await requestLink(user.email);
    const newer = await requestLink(user.email, 1);
    expect(newer.access_token).not.toBe(older.access_token);
    expect((await call('/api/auth/reset-password', { ...older, password: 'da-antiga' })).status).toBe(401);
    expect((await call('/api/auth/reset-password', { ...newer, password: 'da-nova-1' })).status).toBe(200);
    expect((await call('/api/auth/login', { email: user.email, password: 'da-nova-1' })).status).toBe(200);
  });

  it('refuses tampered links and short passwords with JSON errors', async () => {
    const user = await register();
    const link = await requestLink(user.email);
    // One character changed for certain (the last one of 32 bytes in base64url is 'A' one time in
    // 16, so writing 'A' there left the token unchanged now and then).
    const secret = link.refresh_token;
    const changed = `${secret.slice(0, 10)}${secret[10] === 'A' ? 'B' : 'A'}${secret.slice(11)}`;
    expect(changed).not.toBe(secret);
    const tampered = await call('/api/auth/reset-password', { ...link, refresh_token: changed, password: 'valida123' });
    expect(tampered.status).toBe(401);
    const short = await call('/api/auth/reset-password', { ...link, password: '12345' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('A senha deve ter pelo menos 6 caracteres.');
    expect(short.shape).toBeNull();
    // Neither used the link up.
    expect((await call('/api/auth/reset-password', { ...link, password: 'valida123' })).status).toBe(200);
  });

  it('limits recovery per e-mail (whatever the address) and per address (whatever the e-mail): 429 JSON', async () => {
    const email = nextEmail(); // no account: limited all the same
    for (let i = 0; i < 3; i++) expect((await call('/api/auth/recover', { email })).status).toBe(202);
    const perEmail = await call('/api/auth/recover', { email });
    expect(perEmail.status).toBe(429);
    expect(perEmail.body.error.code).toBe('rate_limited');
    expect(perEmail.headers['retry-after']).toBeDefined();
    expect(perEmail.shape).toBeNull();

    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await call('/api/auth/recover', { email: nextEmail() }, { ip })).status).toBe(202);
    const perAddress = await call('/api/auth/recover', { email: nextEmail() }, { ip });
    expect(perAddress.status).toBe(429);
    expect(perAddress.shape).toBeNull();
  });
});

describe("issue 24 item 6: links are built on the configured origin, never on the request's Host", () => {
  const APP_URL = 'https://hub.example.test';
  let behindProxy: TestApp;
  beforeAll(async () => {
    // Behind a load balancer (TRUST_PROXY), where X-Forwarded-Host and -Proto would be believed.
    behindProxy = await startTestApp({
      projections: false,
      trustProxy: true,
      appUrl: APP_URL,
      mailer: createSmtpMailer(smtp.url, 'Hub <nao-responda@hub.test>'),
    });
  }, 60_000);
  afterAll(() => behindProxy?.close());

  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
  const linkTo = (mail: ParsedMail, path: string) => new RegExp(`https?://\\S+${path}#\\S+`).exec(mail.text ?? '')?.[0] ?? '';

  it('a recovery request with Host and X-Forwarded-Host of evil.example mails a link on APP_URL, and that link works', async () => {
    const email = nextEmail();
    const made = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      headers: forged,
      payload: { name: 'Rita Lee', email, phone: '11987654321', password: 'antiga123' },
    });
    expect(made.statusCode).toBe(201);
    const confirmation = await smtp.waitFor(email, (m) => m.subject === 'Confirme seu e-mail no Hub');
    expect(linkTo(confirmation, '/email-confirmation')).toMatch(/^https:\/\/hub\.example\.test\/email-confirmation#confirmation_token=/);

    const res = await behindProxy.app.inject({ method: 'POST', url: '/api/auth/recover', remoteAddress: nextIp(), headers: forged, payload: { email } });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor(email, (m) => m.subject === 'Redefinição de senha do Hub');
    const link = linkTo(mail, '/reset-password');
    expect(link).toMatch(/^https:\/\/hub\.example\.test\/reset-password#access_token=/);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    const tokens = recoveryTokens(mail);
    const verified = await behindProxy.app.inject({ method: 'POST', url: '/api/auth/recovery/verify', remoteAddress: nextIp(), payload: tokens });
    expect(verified.json().data.email).toBe(email);
  });

  it('without APP_URL (as under npm start) the link is on the address the process listens on, whatever the Host', async () => {
    const user = await register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      remoteAddress: nextIp(),
      headers: { host: 'evil.example' },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor(user.email, (m) => m.subject === 'Redefinição de senha do Hub');
    expect(new URL(linkTo(mail, '/reset-password')).origin).toBe(appUrlFromEnv(process.env).origin);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('e-mail confirmation', () => {
  const confirmationToken = (mail: ParsedMail) => {
    const link = /https?:\/\/\S+\/email-confirmation#\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    return new URLSearchParams(new URL(link!).hash.slice(1)).get('confirmation_token')!;
  };
  const confirmedAt = async (email: string) =>
    (await t.db.query<{ at: Date | null }>('SELECT email_confirmed_at AS at FROM users WHERE email = $1', [email])).rows[0]?.at;

  it('sign-up mails a link that confirms the address once; resend mails a new one and the old one stops working', async () => {
    const user = await register();
    const first = confirmationToken(await smtp.waitFor(user.email, (m) => m.subject === 'Confirme seu e-mail no Hub'));
    expect(await confirmedAt(user.email)).toBeNull();

    const resent = await call('/api/auth/resend-confirmation', { email: user.email });
    expect(resent.status).toBe(202);
    const second = confirmationToken(await smtp.waitFor(user.email, (m) => m.subject === 'Confirme seu e-mail no Hub' && confirmationToken(m) !== first));

    const old = await call('/api/auth/confirm-email', { token: first });
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe('Link de confirmação inválido ou expirado.');

    const ok = await call('/api/auth/confirm-email', { token: second });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ email: user.email, confirmed: true });
    expect(await confirmedAt(user.email)).toBeInstanceOf(Date);
    expect((await call('/api/auth/confirm-email', { token: second })).status).toBe(400);
  });

  it('resend answers alike for unknown e-mails and is limited per e-mail', async () => {
    const unknown = nextEmail();
    const answers: Awaited<ReturnType<typeof call>>[] = [];
    for (let i = 0; i < 5; i++) answers.push(await call('/api/auth/resend-confirmation', { email: unknown }));
    expect(answers.every((a) => a.status === 202 && a.body.data.message === answers[0]!.body.data.message)).toBe(true);
    const limited = await call('/api/auth/resend-confirmation', { email: unknown });
    expect(limited.status).toBe(429);
    expect(limited.shape).toBeNull();
  });
});
