import { z } from 'zod';
import type { Endpoint, ErrorCase } from '../endpoint.js';
import { DATABASE_BUSY, EDGE_REFUSALS, INTERNAL_ERROR, UNAVAILABLE, byFrameworkCode, byStatus } from './framework-refusals.js';

// Every refusal leaves the API in one shape: { error: { code, message, details? } }, message in
// pt-BR. The codes below may come from any endpoint (the framework, limits, outages); an
// endpoint's own list names the rest.

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Código estável, para programas.' }),
      message: z.string().meta({ description: 'Mensagem em português, para pessoas.' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBodyShape = z.infer<typeof ErrorBody>;

/** Refusals any endpoint may answer, whatever it does: the framework's, limits and outages. */
export const commonErrors: readonly ErrorCase[] = [
  { status: 400, code: 'validation_error', message: 'Campo inválido: email (E-mail inválido)' },
  ...uniqueRefusals([...Object.values(byFrameworkCode), ...Object.entries(byStatus).map(([status, e]) => ({ status: Number(status), ...e }))]),
  INTERNAL_ERROR,
  UNAVAILABLE,
  DATABASE_BUSY,
  ...EDGE_REFUSALS,
];

function uniqueRefusals(list: ErrorCase[]): ErrorCase[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.status} ${e.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const unauthorizedError: ErrorCase = { status: 401, code: 'unauthorized', message: 'Autenticação necessária' };
export const forbiddenError: ErrorCase = { status: 403, code: 'forbidden', message: 'Acesso negado' };

/** Every refusal an endpoint may answer: its own, the caller's (401/403 by its auth) and the common ones. */
export function errorsOf(endpoint: Endpoint): ErrorCase[] {
  const auth = endpoint.auth === 'bearer' || endpoint.auth === 'hmac' ? [unauthorizedError] : [];
  const role = endpoint.role ? [forbiddenError] : [];
  return [...endpoint.errors, ...auth, ...role, ...commonErrors];
}
