import { z } from 'zod';
import type { Endpoint, ErrorCase } from '../endpoint.js';

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

/** Refusals any endpoint may answer, whatever it does. */
export const commonErrors: readonly ErrorCase[] = [
  { status: 400, code: 'validation_error', message: 'Campo inválido: email (E-mail inválido)' },
  { status: 400, code: 'invalid_json', message: 'Corpo da requisição não é um JSON válido.' },
  { status: 400, code: 'bad_request', message: 'Requisição inválida.' },
  { status: 400, code: 'bad_url', message: 'Endereço da requisição inválido.' },
  { status: 400, code: 'missing_body', message: 'Esta requisição precisa de um corpo.' },
  // The edge refuses these for any route before its handler runs (api/http/input-guard.ts, framework-errors.ts).
  { status: 400, code: 'invalid_text', message: 'O texto enviado contém caracteres inválidos (como o caractere nulo).' },
  { status: 400, code: 'too_deep', message: 'Estrutura JSON aninhada demais (máximo de 32 níveis).' },
  { status: 400, code: 'invalid_content_length', message: 'O tamanho do corpo não confere com o cabeçalho Content-Length.' },
  { status: 400, code: 'missing_content_type', message: 'Informe o cabeçalho Content-Type.' },
  { status: 413, code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 1 MiB).' },
  { status: 414, code: 'uri_too_long', message: 'Endereço da requisição longo demais.' },
  { status: 415, code: 'unsupported_media_type', message: 'Tipo de conteúdo não aceito. Envie o corpo como application/json.' },
  { status: 429, code: 'rate_limited', message: 'Muitas tentativas. Aguarde e tente novamente.' },
  { status: 500, code: 'internal', message: 'Erro interno. Tente novamente.' },
  { status: 503, code: 'unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' },
  { status: 503, code: 'database_busy', message: 'O servidor está ocupado no momento e não concluiu a operação. Tente novamente em instantes.' },
];

export const unauthorizedError: ErrorCase = { status: 401, code: 'unauthorized', message: 'Autenticação necessária' };
export const forbiddenError: ErrorCase = { status: 403, code: 'forbidden', message: 'Acesso negado' };

/** Every refusal an endpoint may answer: its own, the caller's (401/403 by its auth) and the common ones. */
export function errorsOf(endpoint: Endpoint): ErrorCase[] {
  const auth = endpoint.auth === 'bearer' || endpoint.auth === 'hmac' ? [unauthorizedError] : [];
  const role = endpoint.role ? [forbiddenError] : [];
  return [...endpoint.errors, ...auth, ...role, ...commonErrors];
}
