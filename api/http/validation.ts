import { z } from 'zod';
import { badRequest } from './errors.js';
import { noteSchema } from './schema-registry.js';

// zod's own messages (inside 'Campo inválido: x (…)') in Brazilian Portuguese, for every process
// that parses input: all of them load this module through their routes.
z.config(z.locales.ptBR());

/** Parses input with a zod schema; a failure becomes a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  noteSchema(schema, input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || '(corpo)';
  const message = `Campo inválido: ${field}${issue?.message ? ` (${issue.message})` : ''}`;
  throw badRequest('validation_error', message, { field, issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
}
