// Refuses input no route can use before any handler sees it: text PostgreSQL cannot store (NUL
// characters, unpaired UTF-16 surrogates; both fail inside the database as a 500) and JSON nested
// so deep that recursive code downstream (JSON.stringify of an event) would overflow the stack.
import type { FastifyInstance } from 'fastify';
import { EDGE_REFUSALS, MAX_JSON_DEPTH } from '../../contract/shared/framework-refusals.js';
import { badRequest } from './errors.js';

export { MAX_JSON_DEPTH };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first problem in value, or null. Iterative: a hostile depth cannot overflow this walk. */
export function inputProblem(value: unknown): 'invalid_text' | 'too_deep' | null {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (badText(current)) return 'invalid_text';
    } else if (typeof current === 'object' && current !== null) {
      if (depth >= MAX_JSON_DEPTH) return 'too_deep';
      for (const [key, child] of Object.entries(current)) {
        if (badText(key)) return 'invalid_text';
        pending.push([child, depth + 1]);
      }
    }
  }
  return null;
}

const messages = Object.fromEntries(EDGE_REFUSALS.map((r) => [r.code, r.message])) as Record<(typeof EDGE_REFUSALS)[number]['code'], string>;

export function guardInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.body) ?? inputProblem(request.params) ?? inputProblem(request.query);
    done(problem ? badRequest(problem, messages[problem]) : undefined);
  });
}
