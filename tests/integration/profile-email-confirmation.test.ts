// Issue 24 item 16: the profile said "Conta verificada por e-mail" to accounts that never confirmed
// their address. GET (and PUT) /api/users/profile/me now say whether the e-mail is confirmed
// (`email_confirmed`, `email_confirmed_at`), from users.email_confirmed_at, which only the mailed
// confirmation link (or a reset by e-mail, or a provider vouching for the address) sets.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { linksIn } from '../../infra/mail/port.js';
import { startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

const mailer = createMemoryMailer();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ projections: false, mailer });
  await t.app.ready();
}, 60_000);

afterAll(async () => t?.close());

describe('issue 24 item 16: the profile says whether the e-mail is confirmed', () => {
  it('an account that never opened its confirmation link reads unconfirmed; after the link, confirmed, in GET and PUT alike', async () => {
    const email = `confirma-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Clara Confirma', email, phone: '(11) 98765-4321', password: 'secret123' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const headers = { authorization: `Bearer ${registered.json().token as string}` };
    const profile = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile/me', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ email: string; email_confirmed: unknown; email_confirmed_at: unknown }>();
    };

    expect(await profile()).toMatchObject({ email, email_confirmed: false, email_confirmed_at: null });
    const edited = await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', headers, payload: { name: 'Clara Confirmada' } });
    expect(edited.json()).toMatchObject({ name: 'Clara Confirmada', email_confirmed: false, email_confirmed_at: null });

    // The sign-up's confirmation mail (sent after the answer) carries the link's token.
    await waitUntil(async () => mailer.sent.some((m) => m.to === email));
    const link = linksIn(mailer.sent.find((m) => m.to === email)!.text).find((l) => l.includes('/email-confirmation#'));
    const token = new URLSearchParams(new URL(link!).hash.slice(1)).get('confirmation_token');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const after = await profile();
    expect(after.email_confirmed).toBe(true);
    expect(typeof after.email_confirmed_at).toBe('string');
    const stored = (await t.db.query<{ at: Date }>('SELECT email_confirmed_at AS at FROM users WHERE lower(email) = $1', [email])).rows[0]!.at;
    expect(after.email_confirmed_at).toBe(stored.toISOString());
    const editedAgain = await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', headers, payload: { city: 'Recife' } });
    expect(editedAgain.json()).toMatchObject({ city: 'Recife', email_confirmed: true, email_confirmed_at: stored.toISOString() });
  });
});
