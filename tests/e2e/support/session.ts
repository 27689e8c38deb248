/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';

export interface Login {
  token: string;
  user: { id: string; name: string; email: string; phone: string | null };
  session: unknown;
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<Login> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: Login['user']; data: { session: unknown } };
  return { token: body.token, user: body.user, session: body.data.session };
}

/** A new renter account, signed in (its e-mail made unique). */
export async function apiRegister(baseUrl: string, name: string): Promise<Login> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, phone: '11987654321', password: 'segredo123' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: Login['user']; data: { session: unknown } };
  return { token: body.token, user: body.user, session: body.data.session };
}

/** Puts a session in the page's local storage, as the login screen would. */
export async function signInPage(page: Page, baseUrl: string, login: Login): Promise<void> {
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((l) => {
    localStorage.setItem('auth_token', l.token);
    localStorage.setItem('auth_user', JSON.stringify(l.user));
    localStorage.setItem('hub_session_token', JSON.stringify(l.session));
  }, login);
}

export async function apiBook(baseUrl: string, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/api/reservations/by-size`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; price: number; status: string; payment_due_at?: string | null };
}

/**
 * Books and pays (Pix): for a renter who holds several reservations, since one renter holds one
 * unpaid booking at a time (ADR 0016).
 */
export async function apiBookPaid(baseUrl: string, token: string, body: Record<string, unknown>) {
  const booked = await apiBook(baseUrl, token, body);
  const res = await fetch(`${baseUrl}/api/reservations/${booked.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ method: 'pix' }),
  });
  if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${await res.text()}`);
  return booked;
}

/** A window from the next whole hour, `hours` long. */
export function nextHours(hours: number, offset = 1) {
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (offset - 1) * 3_600_000;
  return { start_time: new Date(start).toISOString(), end_time: new Date(start + hours * 3_600_000).toISOString() };
}
