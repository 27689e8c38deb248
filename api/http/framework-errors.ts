// Errors raised by Fastify itself (body parsing, routing) or its plugins carry English texts. A
// client only ever sees these pt-BR replacements: known codes get a specific message, any other
// 4xx a generic one for its status, so no framework wording reaches the user.

export interface PublicError {
  status: number;
  code: string;
  message: string;
}

const byFrameworkCode: Record<string, PublicError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 1 MiB).' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Tipo de conteúdo não aceito. Envie o corpo como application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_content_length', message: 'O tamanho do corpo não confere com o cabeçalho Content-Length.' },
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

const byStatus: Record<number, Omit<PublicError, 'status'>> = {
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
