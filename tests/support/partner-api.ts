import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.js';
import { waitUntil } from './test-app.js';

// A partner for partner-API tests: created by an admin, given Hubs, with its token (Bearer headers).

export interface TestPartner {
  id: string;
  token: string;
  headers: { authorization: string };
}

export async function createPartnerWithToken(t: TestApp, admin: { headers: Record<string, string> }, name: string, hubIds: string[]): Promise<TestPartner> {
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const made = await call('POST', '/api/partners', {
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 8)}@example.com`,
    phone: '(11) 98765-4321',
    company_name: `${name} Ltda`,
  });
  if (made.statusCode !== 201) throw new Error(`partner not created: ${made.body}`);
  const id: string = made.json().id;
  for (const hubId of hubIds) {
    const added = await call('POST', `/api/partners/${id}/hubs/${hubId}`);
    if (added.statusCode !== 200) throw new Error(`Hub ${hubId} not added: ${added.body}`);
  }
  const issued = await call('POST', `/api/partners/${id}/generate-token`);
  const token: string = issued.json().token;
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_partner_hubs WHERE partner_id = $1', [id])).rowCount === hubIds.length);
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}

/** Sets platform settings as an admin (PUT /api/settings) and waits until this process obeys them. */
export async function putSettings(t: TestApp, admin: { headers: Record<string, string> }, body: object): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`settings not saved: ${res.body}`);
}
