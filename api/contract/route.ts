import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerOf, Endpoint, ParsedBody, ParsedParams, ParsedQuery } from '../../contract/endpoint.js';
import { parse } from '../http/validation.js';
import { responseSchema } from './json-schema.js';

// Registers a route from its contract endpoint: the URL, the answers' serializers and the input
// schemas all come from contract/, so the server cannot drift from what the web and the OpenAPI
// document read. Input is parsed when the handler asks for it, so a handler still checks who is
// calling before it says what is wrong with the input.

export interface ContractInput<E extends Endpoint> {
  params(): ParsedParams<E>;
  query(): ParsedQuery<E>;
  body(): ParsedBody<E>;
}

type Answer<E extends Endpoint> = { [S in keyof E['responses']]: AnswerOf<E, S> }[keyof E['responses']];

export type ContractHandler<E extends Endpoint> = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: ContractInput<E>,
) => Answer<E> | FastifyReply | void | Promise<Answer<E> | FastifyReply | void>;

/** Route options Fastify takes besides the schema (rate limits in config, compress, bodyLimit…). */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint the route was registered from (contract-check.ts reads it). */
    endpoint?: Endpoint;
  }
}

/** `/api/hubs/{id}` → `/api/hubs/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: ContractHandler<E>, options: ContractRouteOptions = {}): void {
  const response: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const media = endpoint.responseMediaType?.[Number(status)];
    if (schema && (!media || media === 'application/json')) response[Number(status)] = responseSchema(schema);
  }
  app.route({
    ...options,
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: { response },
    config: { ...options.config, endpoint },
    handler: (request, reply) => handler(request, reply, inputOf(endpoint, request)) as unknown,
  });
}

function inputOf<E extends Endpoint>(endpoint: E, request: FastifyRequest): ContractInput<E> {
  const need = <T>(part: string, schema: unknown, value: unknown): T => {
    if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} declares no ${part} schema`);
    return parse(schema as never, value);
  };
  return {
    params: () => need('params', endpoint.params, request.params),
    query: () => need('query', endpoint.query, request.query ?? {}),
    body: () => need('body', endpoint.body, request.body ?? {}),
  };
}
