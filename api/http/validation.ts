import { z } from 'zod';
import { badRequest } from './errors.js';
import { noteSchema } from './schema-registry.js';

// zod's own messages (inside 'Campo inválido: x (…)') in Brazilian Portuguese, for every process
// that parses input: all of them load this module through their routes. Limits of length and size
// read as a person would write them ('Máximo de 200 caracteres'); a schema's own message wins.
z.config({ ...z.locales.ptBR(), customError: limitMessage });

function limitMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const exclusive = issue.inclusive === false;
  if (issue.origin === 'string') return `${big ? 'Máximo' : 'Mínimo'} de ${limit} ${limit === 1 ? 'caractere' : 'caracteres'}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${big ? 'Máximo' : 'Mínimo'} de ${limit} ${limit === 1 ? 'item' : 'itens'}`;
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    const n = limit.toLocaleString('pt-BR');
    if (big) return exclusive ? `Deve ser menor que ${n}` : `Deve ser no máximo ${n}`;
    return exclusive ? `Deve ser maior que ${n}` : `Deve ser no mínimo ${n}`;
  }
  return undefined;
}

export { domainIssue } from '../../contract/shared/domain-issue.js';

/** Parses input with a zod schema; a failure becomes a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  noteSchema(schema, input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || '(corpo)';
  const details = { field, issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
  const domainCode = issue?.code === 'custom' ? (issue.params as { domainCode?: unknown } | undefined)?.domainCode : undefined;
  if (typeof domainCode === 'string') throw badRequest(domainCode, issue!.message, details);
  const message = `Campo inválido: ${field}${issue?.message ? ` (${issue.message})` : ''}`;
  throw badRequest('validation_error', message, details);
}
