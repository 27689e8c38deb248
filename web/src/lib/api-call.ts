import type { Endpoint, InputOf, ResponseOf, RouteKey } from '@contract/endpoint';
import type { ApiRequestInit } from './api-client';
import { apiRequest } from './api-client';

// A call named by its contract endpoint: `call<typeof getHub>('GET /api/hubs/{id}', { params: { id } })`.
// Only the endpoint's type is imported (no schema reaches the bundle); the route key must be the
// contract's own method and path, and the input and answer types are the contract's, so a change
// there breaks the compile where a screen uses it.

type Query = Record<string, string | number | boolean | null | undefined>;

export function call<E extends Endpoint>(route: RouteKey<E>, input: InputOf<E>, init: ApiRequestInit = {}): Promise<ResponseOf<E>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as Endpoint['method'];
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.size ? `?${search}` : '';
  const body = input.body ?? (method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined);
  return apiRequest<ResponseOf<E>>(method, `${path.replace(/^\/api/, '')}${qs}`, body, init);
}
