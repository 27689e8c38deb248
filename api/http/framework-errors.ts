import type { PublicError } from '../../contract/shared/framework-refusals.js';
import { INTERNAL_ERROR, byFrameworkCode, byStatus } from '../../contract/shared/framework-refusals.js';

// Errors raised by Fastify itself (body parsing, routing) or its plugins carry English texts. A
// client only ever sees these pt-BR replacements: known codes get a specific message, any other
// 4xx a generic one for its status, so no framework wording reaches the user.

export type { PublicError };
export { INTERNAL_ERROR };

/** The pt-BR public form of a framework or plugin error; 5xx and unknown statuses become INTERNAL_ERROR. */
export function publicFrameworkError(err: { code?: string; statusCode?: number; status?: number }): PublicError {
  const known = err.code ? byFrameworkCode[err.code] : undefined;
  if (known) return known;
  const status = err.statusCode ?? err.status ?? 500;
  if (status >= 400 && status < 500) {
    const generic = byStatus[status] ?? byStatus[400]!;
    return { status, ...generic };
  }
  return INTERNAL_ERROR;
}
