// Which zod schemas each route parses its input with, learnt from parse() calls while requests
// run. Off by default (it costs an AsyncLocalStorage context per request); the fuzz test turns it
// on to derive malformed input from the real schemas of every route.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type InputPart = 'body' | 'params' | 'query' | 'other';

const currentRequest = new AsyncLocalStorage<FastifyRequest>();
const recorded = new Map<string, Map<z.ZodType, InputPart>>();
let enabled = false;

/** Records schemas in apps built after this call (tests only). */
export function enableSchemaRecording(): void {
  enabled = true;
}

export function trackSchemas(app: FastifyInstance): void {
  if (!enabled) return;
  // After body parsing: a context entered earlier is lost across the body stream's events.
  app.addHook('preValidation', (request, _reply, done) => currentRequest.run(request, done));
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

function partOf(request: FastifyRequest, input: unknown): InputPart {
  if (input === request.body) return 'body';
  if (input === request.params) return 'params';
  if (input === request.query) return 'query';
  return 'other';
}

/** Called by parse(): notes that the running request's route parses input with schema. */
export function noteSchema(schema: z.ZodType, input: unknown): void {
  if (!enabled) return;
  const request = currentRequest.getStore();
  if (!request?.routeOptions.url) return;
  const key = routeKey(request.method, request.routeOptions.url);
  const schemas = recorded.get(key) ?? new Map<z.ZodType, InputPart>();
  recorded.set(key, schemas);
  if (!schemas.has(schema)) schemas.set(schema, partOf(request, input));
}

/** The schemas seen for a route so far, with the part of the request each one parsed. */
export function schemasOf(method: string, url: string): Array<{ schema: z.ZodType; part: InputPart }> {
  return [...(recorded.get(routeKey(method, url)) ?? [])].map(([schema, part]) => ({ schema, part }));
}
