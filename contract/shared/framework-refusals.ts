// What the HTTP framework's own refusals (body parsing, routing, limits) say to a client, in
// pt-BR: any endpoint may answer these, so the contract lists them once (error-body.ts) and the
// server maps Fastify's errors onto them (api/http/framework-errors.ts).

export interface PublicError {
  status: number;
  code: string;
  message: string;
}

export const byFrameworkCode: Record<string, PublicError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 1 MiB).' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Tipo de conteúdo não aceito. Envie o corpo como application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_content_length',
    message: 'O tamanho do corpo não confere com o cabeçalho Content-Length.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Corpo da requisição vazio, mas o tipo de conteúdo é JSON.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Corpo da requisição não é um JSON válido.' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'Endereço da requisição inválido.' },
  FST_ERR_INVALID_URL: { status: 400, code: 'bad_url', message: 'Endereço da requisição inválido.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'Endereço da requisição longo demais.' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_error', message: 'Requisição inválida.' },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { status: 400, code: 'missing_content_type', message: 'Informe o cabeçalho Content-Type.' },
  FST_ERR_ROUTE_MISSING_CONTENT: { status: 400, code: 'missing_body', message: 'Esta requisição precisa de um corpo.' },
  FST_ERR_NOT_FOUND: { status: 404, code: 'not_found', message: 'Recurso não encontrado.' },
};

export const byStatus: Record<number, Omit<PublicError, 'status'>> = {
  400: { code: 'bad_request', message: 'Requisição inválida.' },
  401: { code: 'unauthorized', message: 'Autenticação necessária' },
  403: { code: 'forbidden', message: 'Acesso negado' },
  404: { code: 'not_found', message: 'Recurso não encontrado.' },
  405: { code: 'method_not_allowed', message: 'Método não permitido para este endereço.' },
  406: { code: 'not_acceptable', message: 'Formato de resposta solicitado não disponível.' },
  408: { code: 'request_timeout', message: 'A requisição demorou demais. Tente novamente.' },
  409: { code: 'conflict', message: 'A requisição conflita com o estado atual.' },
  411: { code: 'length_required', message: 'Informe o cabeçalho Content-Length.' },
  412: { code: 'precondition_failed', message: 'Pré-condição da requisição não atendida.' },
  413: { code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 1 MiB).' },
  414: { code: 'uri_too_long', message: 'Endereço da requisição longo demais.' },
  415: { code: 'unsupported_media_type', message: 'Tipo de conteúdo não aceito. Envie o corpo como application/json.' },
  416: { code: 'range_not_satisfiable', message: 'Intervalo solicitado não disponível.' },
  422: { code: 'unprocessable', message: 'Não foi possível processar a requisição.' },
  429: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde e tente novamente.' },
  431: { code: 'headers_too_large', message: 'Cabeçalhos da requisição grandes demais.' },
};

export const INTERNAL_ERROR: PublicError = { status: 500, code: 'internal', message: 'Erro interno. Tente novamente.' };

/**
 * The database is unreachable or restarting (or the process is closing): nothing was done, and a
 * retry, in a moment or on another process, is safe. Answered with Retry-After.
 */
export const UNAVAILABLE = {
  status: 503,
  code: 'unavailable',
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  retryAfterSeconds: 2,
} as const;

/** No database connection came free in time: safe to retry. Answered with Retry-After. */
export const DATABASE_BUSY = {
  status: 503,
  code: 'database_busy',
  message: 'O servidor está ocupado no momento e não concluiu a operação. Tente novamente em instantes.',
  retryAfterSeconds: 2,
} as const;

/** The deepest JSON a request may nest. */
export const MAX_JSON_DEPTH = 32;

/** What the edge refuses in any request's input before a route sees it (api/http/input-guard.ts). */
export const EDGE_REFUSALS = [
  { status: 400, code: 'invalid_text', message: 'O texto enviado contém caracteres inválidos (como o caractere nulo).' },
  { status: 400, code: 'too_deep', message: `Estrutura JSON aninhada demais (máximo de ${MAX_JSON_DEPTH} níveis).` },
] as const;
