// Without BullMQ (the in-process queue of `npm start` with no REDIS_URL) there is no queue
// dashboard: the ticket the dashboard's 'Painel de filas' asks for is refused with the reason,
// before the browser leaves the app, and the page itself says the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { signUp, startTestApp } from '../support/test-app.js';

describe('queue dashboard without BullMQ', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let renter: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, renter] = [await signUp(t, 'Chefe', 'admin'), await signUp(t, 'Renata')];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the ticket with queues_unavailable for an admin, and 403 for anyone else', async () => {
    const ticket = await t.app.inject({ method: 'POST', url: '/api/admin/queues/ticket', headers: admin.headers });
    expect(ticket.statusCode).toBe(404);
    expect(ticket.json().error).toEqual({
      code: 'queues_unavailable',
      message: 'O painel de filas precisa do BullMQ (REDIS_URL); neste modo os trabalhos rodam no próprio processo.',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/queues/ticket', headers: renter.headers })).statusCode).toBe(403);
    const page = await t.app.inject({ url: '/admin/queues', headers: admin.headers });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.code).toBe('queues_unavailable');
  });
});
