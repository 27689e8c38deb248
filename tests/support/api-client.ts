// A renter talking to a running API over real HTTP (services-mode and fault tests).

export interface ApiRenter {
  id: string;
  headers: Record<string, string>;
  post(path: string, body?: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
}

function renterOn(baseUrl: string, id: string, token: string): ApiRenter {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return {
    id,
    headers,
    post: (path, body) => fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) }),
    get: (path) => fetch(`${baseUrl}${path}`, { headers }),
  };
}

export async function logIn(baseUrl: string, email: string, password: string): Promise<ApiRenter> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return renterOn(baseUrl, body.user.id, body.token);
}

export async function register(baseUrl: string, name: string): Promise<ApiRenter> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, phone: '(11) 98765-4321', password: 'secret123' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return renterOn(baseUrl, body.user.id, body.token);
}

export const bookingBody = (hubId: string, size: string, startMs: number, endMs: number) => ({
  hub_id: hubId,
  size,
  start_time: new Date(startMs).toISOString(),
  end_time: new Date(endMs).toISOString(),
});

/** POST /api/hubs as the spec's API sends it (flat coordinates, secret_key). */
export const apiHubBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Hub ${id}`,
  address: 'Rua Augusta, 100',
  zipcode: '01304-000',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  description: 'Ao lado da portaria',
  latitude: -23.5505,
  longitude: -46.6333,
  image_url: null,
  secret_key: 'KEY1234567',
  ...extra,
});

/** POST /api/hubs as the dashboard sends it (location, secretKey, flags, lockers). */
export const dashboardHubBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Hub ${id}`,
  address: 'Av. Afonso Pena, 1',
  zipcode: '30130-000',
  city: 'Belo Horizonte',
  state: 'MG',
  country: 'BR',
  description: 'Loja térrea',
  location: { latitude: -19.9191, longitude: -43.9386 },
  image_url: null,
  secretKey: 'DASH420000',
  private: false,
  autoRegistration: false,
  type: 'centralized',
  hardware: 'LK-31',
  lockers: [],
  ...extra,
});
