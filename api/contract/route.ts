import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerOf, Endpoint, ParsedBody, ParsedParams, ParsedQuery } from '../../contract/endpoint.js';
import { parse } from '../http/validation.js';
import { responseSchema } from './json-schema.js';
import { compileOnFirstUse } from './lazy-serializers.js';

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
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema'> & {
  /** Compile the answers' serializers before listening, with Fastify's own compiler (the hot read routes). */
  eagerSerializers?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint the route was registered from (contract-check.ts reads it). */
    endpoint?: Endpoint;
  }
}

/** `/api/hubs/{id}` → `/api/hubs/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ContractHandler<E>,
  { eagerSerializers, ...options }: ContractRouteOptions = {},
): void {
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
    ...(eagerSerializers ? {} : { serializerCompiler: compileOnFirstUse }),
    handler: (request, reply) => handler(request, reply, new LazyInput(endpoint, request)) as unknown,
  });
}

/** A request's input, parsed on demand (a class: no closures made per request on hot routes). */
class LazyInput<E extends Endpoint> implements ContractInput<E> {
  constructor(
    private readonly endpoint: E,
    private readonly request: FastifyRequest,
  ) {}

  params(): ParsedParams<E> {
    return this.parsed('params', this.endpoint.params, this.request.params);
  }

  query(): ParsedQuery<E> {
    return this.parsed('query', this.endpoint.query, this.request.query ?? {});
  }

  body(): ParsedBody<E> {
    return this.parsed('body', this.endpoint.body, this.request.body ?? {});
  }

  private parsed<T>(part: string, schema: unknown, value: unknown): T {
    if (!schema) throw new Error(`${this.endpoint.method} ${this.endpoint.path} declares no ${part} schema`);
    return parse(schema as never, value);
  }
}
