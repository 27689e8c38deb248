import type { Endpoint, ErrorCase } from '../endpoint.js';
import { ErrorBody, errorsOf } from '../shared/error-body.js';
import { WEBHOOK_HEADERS, WebhookPayload, webhookPayloadExample } from '../webhooks/webhook-payload.js';
import type { JsonSchema } from './json-schema.js';
import { SchemaComponents } from './json-schema.js';

// The OpenAPI 3.1 document of Hub's API, generated from the contract's endpoints: served at
// /api/openapi.json and rendered at /api/docs.

export interface DocumentInfo {
  version: string;
  /** Where the API answers, e.g. http://localhost:3000; omitted: the document's own origin. */
  serverUrl?: string;
}

const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'O token de acesso devolvido por POST /api/auth/session ou /api/auth/refresh (vale 15 minutos).',
  },
  partnerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'O token de API do parceiro (gerado no painel, em Parceiros → Gerar token). Regenerar revoga o anterior na hora.',
  },
  hubSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Hub-Signature',
    description:
      'Controladora de porta: `sha256=` + HMAC-SHA256, com a chave secreta do Hub, de `MÉTODO\\nCAMINHO\\nX-Hub-Timestamp\\ncorpo`. X-Hub-Timestamp (segundos Unix) a no máximo 60 segundos do relógio do servidor; cada assinatura vale uma vez.',
  },
};

const securityOf = (auth: Endpoint['auth']) =>
  auth === 'bearer'
    ? [{ bearerAuth: [] }]
    : auth === 'optional'
      ? [{}, { bearerAuth: [] }]
      : auth === 'hmac'
        ? [{ hubSignature: [] }]
        : auth === 'partner'
          ? [{ partnerToken: [] }]
          : [];

function parametersOf(endpoint: Endpoint, components: SchemaComponents): unknown[] {
  const list: unknown[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = components.convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property as JsonSchema & { description?: string };
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  for (const [name, header] of Object.entries(endpoint.headers ?? {})) {
    list.push({ name, in: 'header', required: header.required ?? false, description: header.description, schema: { type: 'string' } });
  }
  return list;
}

function refusals(cases: ErrorCase[], errorRef: JsonSchema): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCase[]>();
  for (const c of cases) byStatus.set(c.status, [...(byStatus.get(c.status) ?? []), c]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((c) => `\`${c.code}\`: ${c.message}`).join('\n\n'),
        content: {
          'application/json': {
            schema: errorRef,
            examples: Object.fromEntries(list.map((c) => [c.code, { value: { error: { code: c.code, message: c.message } } }])),
          },
        },
      },
    ]),
  );
}

/** The status `examples.response` shows: the lowest 2xx answered with a JSON body (a 503 health body is not the example's). */
export function exampleStatus(endpoint: Endpoint): number | undefined {
  return Object.entries(endpoint.responses)
    .map(([status, schema]) => ({ status: Number(status), schema }))
    .filter(
      ({ status, schema }) => status >= 200 && status < 300 && schema && (endpoint.responseMediaType?.[status] ?? 'application/json') === 'application/json',
    )
    .map(({ status }) => status)
    .sort((a, b) => a - b)[0];
}

function operationOf(id: string, endpoint: Endpoint, components: SchemaComponents, errorRef: JsonSchema) {
  const responses: Record<string, unknown> = {};
  const withExample = exampleStatus(endpoint);
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const media = endpoint.responseMediaType?.[Number(status)] ?? 'application/json';
    const content = schema
      ? {
          [media]: {
            schema: components.convert(schema, 'output'),
            ...(endpoint.examples?.response !== undefined && Number(status) === withExample ? { example: endpoint.examples.response } : {}),
          },
        }
      : media !== 'application/json'
        ? { [media]: { schema: { type: 'string' } } }
        : undefined;
    responses[status] = { description: status === '204' ? 'Sem conteúdo' : 'Sucesso', ...(content ? { content } : {}) };
  }
  Object.assign(responses, refusals(errorsOf(endpoint), errorRef));
  const body = endpoint.body
    ? {
        requestBody: {
          required: true,
          content: {
            [endpoint.bodyMediaType ?? 'application/json']: {
              schema: components.convert(endpoint.body, 'input'),
              ...(endpoint.examples?.body !== undefined ? { example: endpoint.examples.body } : {}),
            },
          },
        },
      }
    : endpoint.bodyMediaType
      ? { requestBody: { required: true, content: { [endpoint.bodyMediaType]: { schema: { type: 'object' } } } } }
      : {};
  return {
    operationId: id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description || endpoint.role
      ? { description: [endpoint.description, endpoint.role ? `Exige o papel \`${endpoint.role}\` (ou superior).` : null].filter(Boolean).join('\n\n') }
      : {}),
    security: securityOf(endpoint.auth),
    parameters: parametersOf(endpoint, components),
    ...body,
    responses,
  };
}

/** What Hub sends to partners' endpoints (OpenAPI 3.1 `webhooks`; docs/webhooks.md). */
function outgoingWebhooks(components: SchemaComponents) {
  return {
    reservationEvent: {
      post: {
        operationId: 'reservationEventWebhook',
        tags: ['Webhooks'],
        summary: 'Um evento de uma reserva do parceiro, enviado ao seu webhook',
        description:
          'Assinado (Hub-Signature); repetido com espera exponencial por pelo menos 24 h até um 2xx em 10 s; na ordem por reserva; ao menos uma vez (descarte ids repetidos). Veja docs/webhooks.md.',
        parameters: Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description,
        })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: components.convert(WebhookPayload, 'output'), example: webhookPayloadExample } },
        },
        responses: { '200': { description: 'Qualquer 2xx confirma a entrega.' } },
      },
    },
  };
}

export function openApiDocument(endpoints: Readonly<Record<string, Endpoint>>, info: DocumentInfo) {
  const components = new SchemaComponents();
  const errorRef = components.convert(ErrorBody, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, endpoint] of Object.entries(endpoints)) {
    if (endpoint.internal) continue;
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(id, endpoint, components, errorRef);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hub API',
      version: info.version,
      description:
        'A API do Hub: Hubs e lockers, reservas, códigos de acesso, coletas e administração. Erros sempre como `{ "error": { "code", "message" } }`, com mensagens em português.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    tags: [...new Set(Object.values(endpoints).map((e) => e.tag))].map((name) => ({ name })),
    paths,
    webhooks: outgoingWebhooks(components),
    components: { schemas: components.schemas, securitySchemes },
  };
}
