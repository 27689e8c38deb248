import type { z } from 'zod';

// One endpoint of Hub's HTTP API, as both sides read it: the server validates its input and
// serializes its answers with these schemas (api/http/contract-route.ts), the web derives its
// request and response types from them (web/src/lib/api-client.ts), and /api/openapi.json is
// generated from the list of them (contract/openapi/). Paths use OpenAPI's `{param}` form.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` anyone; `optional` anyone, more for a signed-in caller; `bearer` a
 * signed-in user (the access token); `hmac` a Hub's door controller signing with the Hub's key;
 * `partner` a partner's API token (Bearer; the partner API, /api/partner/v1).
 */
export type EndpointAuth = 'public' | 'optional' | 'bearer' | 'hmac' | 'partner';

/** A refusal the endpoint may answer, with the pt-BR message a user reads (one example of it). */
export interface ErrorCase {
  status: number;
  code: string;
  message: string;
}

/** `null` answers carry no body (204, or a redirect). */
export type ResponseSchemas = Partial<Record<number, z.ZodType | null>>;

export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Groups the reference (OpenAPI tags), e.g. 'Hubs'. */
  tag: string;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  /** The least role a bearer caller needs, when any signed-in user is not enough. */
  role?: 'admin' | 'logistics';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body other than JSON (an upload): documented by its media type, read by the handler. */
  bodyMediaType?: string;
  /** Answers by status. Non-JSON answers (a CSV, a file, a redirect) name their media type. */
  responses: ResponseSchemas;
  responseMediaType?: Partial<Record<number, string>>;
  errors: readonly ErrorCase[];
  /** Header parameters the endpoint reads, e.g. Idempotency-Key. */
  headers?: Record<string, { description: string; required?: boolean }>;
  /** Left out of the public reference (test-only routes are not in the contract at all). */
  internal?: boolean;
  examples?: { body?: unknown; response?: unknown };
}

/** Declares an endpoint, keeping its literal method, path and schemas in the type. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Schema<T> = T extends z.ZodType ? T : never;
type SchemaOf<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? E[K] : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a caller sends: the input side of each schema (before defaults and transforms). */
export type InputOf<E extends Endpoint> = (SchemaOf<E, 'params'> extends z.ZodType ? { params: z.input<SchemaOf<E, 'params'>> } : { params?: undefined }) &
  (SchemaOf<E, 'query'> extends z.ZodType ? { query?: z.input<SchemaOf<E, 'query'>> } : { query?: undefined }) &
  (SchemaOf<E, 'body'> extends z.ZodType ? { body: z.input<SchemaOf<E, 'body'>> } : { body?: undefined });

/** What the server's handler reads once parsed: the output side. */
export type ParsedParams<E extends Endpoint> = z.output<Schema<E['params']>>;
export type ParsedQuery<E extends Endpoint> = z.output<Schema<E['query']>>;
export type ParsedBody<E extends Endpoint> = z.output<Schema<E['body']>>;

/** The JSON a successful call answers (the union of its 2xx bodies). */
export type ResponseOf<E extends Endpoint> = {
  [S in keyof E['responses'] & SuccessStatus]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined;
}[keyof E['responses'] & SuccessStatus];

/** The body of one answer, by status. */
export type AnswerOf<E extends Endpoint, S extends keyof E['responses']> = E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined;

/** `GET /api/hubs/{id}`: how the web names an endpoint, checked against the contract's literals. */
export type RouteKey<E extends Endpoint> = `${E['method']} ${E['path']}`;
