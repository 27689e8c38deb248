// The contact form's API: stored in contact_messages, mailed over SMTP (a real SMTP server in
// this process) to the support address with the sender as Reply-To, validated, rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../infra/mail/smtp.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SUPPORT = 'suporte@hub.test';
let smtp: TestSmtpServer;
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.8.0.${++ipCounter}`;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ projections: false, mailer: createSmtpMailer(smtp.url, 'Hub <nao-responda@hub.test>'), supportEmail: SUPPORT });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = async (payload: object, ip = nextIp()) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
  return {
    status: res.statusCode,
    body: res.json<{ data?: { id: string }; error?: { code: string; message: string } }>(),
    shape: errorShapeProblem(res, 'POST'),
  };
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to the support address, the sender as Reply-To', async () => {
    const form = { name: 'Caio <b>Prado</b>', email: 'Caio@Exemplo.com.br', subject: 'Locker travado', message: 'O locker 3 não abre.\n\nPodem ajudar?' };
    const res = await send(form);
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT name, email, subject, message, user_id FROM contact_messages WHERE id = $1', [res.body.data!.id]);
    expect(rows[0]).toEqual({ name: form.name, email: 'caio@exemplo.com.br', subject: form.subject, message: form.message, user_id: null });

    const mail = await smtp.waitFor(SUPPORT, (m) => m.subject === '[Contato] Locker travado');
    expect(mail.replyTo?.value[0]?.address).toBe('caio@exemplo.com.br');
    expect(mail.text).toContain('O locker 3 não abre.');
    expect(mail.html).toContain('Caio &lt;b&gt;Prado&lt;/b&gt;');
  });

  it('requires all four fields and a valid e-mail (400 JSON), storing nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n as number;
    for (const bad of [
      { name: '', email: 'a@b.com', subject: 'x', message: 'y' },
      { name: 'A', email: 'não-é-email', subject: 'x', message: 'y' },
      { name: 'A', email: 'a@b.com', subject: '   ', message: 'y' },
      { name: 'A', email: 'a@b.com', subject: 'x' },
    ]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(res.shape).toBeNull();
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM contact_messages')).rows[0].n).toBe(before);
  });

  it('limits messages per address: the sixth in 15 minutes is a 429 JSON', async () => {
    const ip = nextIp();
    const form = { name: 'Lia', email: 'lia@exemplo.com', subject: 'Oi', message: 'Teste' };
    for (let i = 0; i < 5; i++) expect((await send(form, ip)).status).toBe(201);
    const limited = await send(form, ip);
    expect(limited.status).toBe(429);
    expect(limited.shape).toBeNull();
  });
});
