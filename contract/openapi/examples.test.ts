// The reference's examples are part of the contract: every JSON request body and every JSON
// success answer has one, and each one is what its schema accepts, so an integrator copying it
// from /api/docs sends a valid request and reads the shape the server really answers.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { allEndpoints } from '../endpoints.js';
import { exampleStatus, openApiDocument } from './document.js';

const endpoints = Object.entries(allEndpoints);
const takesJson = (e: Endpoint) => e.body !== undefined && (e.bodyMediaType ?? 'application/json') === 'application/json';
const problems = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`);
/** What survives JSON: an example holding undefined or a Date would show differently in the reference. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the examples of the API reference', () => {
  it('has a body example for every endpoint that takes JSON, valid as a client sends it', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const [id, e] of endpoints) {
      if (!takesJson(e)) continue;
      if (e.examples?.body === undefined) missing.push(id);
      else {
        const parsed = e.body!.safeParse(e.examples.body);
        if (!parsed.success) invalid.push(`${id}: ${problems(parsed.error).join('; ')}`);
        expect(asJson(e.examples.body), id).toEqual(e.examples.body);
      }
    }
    expect({ missing, invalid }).toEqual({ missing: [], invalid: [] });
  });

  it('has a response example for every lowest JSON 2xx answer, exactly as the server would serialize it', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const [id, e] of endpoints) {
      const status = exampleStatus(e);
      if (status === undefined) continue;
      if (e.examples?.response === undefined) {
        missing.push(id);
        continue;
      }
      const parsed = e.responses[status]!.safeParse(e.examples.response);
      if (!parsed.success) invalid.push(`${id}: ${problems(parsed.error).join('; ')}`);
      // Parsing keeps only the declared fields: a field the schema does not name (a typo, a
      // field the server never sends) would make the two differ.
      else expect(parsed.data, `${id}: campos fora do esquema`).toEqual(e.examples.response);
      expect(asJson(e.examples.response), id).toEqual(e.examples.response);
    }
    expect({ missing, invalid }).toEqual({ missing: [], invalid: [] });
  });

  it('has no example the reference could not show', () => {
    const misplaced = endpoints
      .filter(([, e]) => (e.examples?.body !== undefined && !e.body) || (e.examples?.response !== undefined && exampleStatus(e) === undefined))
      .map(([id]) => id);
    expect(misplaced).toEqual([]);
  });

  it('shows the response example on the lowest JSON 2xx answer only', () => {
    const document = openApiDocument(allEndpoints, { version: 'test' });
    type Media = Record<string, { example?: unknown }>;
    const operation = (path: string, method: string) =>
      (document.paths[path]![method] as { responses: Record<string, { content?: Media }>; requestBody?: { content: Media } }) ?? {};
    const health = operation('/api/health', 'get').responses;
    expect(health['200']!.content!['application/json']!.example).toEqual(allEndpoints.getHealth!.examples!.response);
    expect(health['503']!.content!['application/json']!.example).toBeUndefined();
    const booking = operation('/api/reservations/by-size', 'post');
    expect(booking.requestBody!.content['application/json']!.example).toEqual(allEndpoints.bookBySize!.examples!.body);
    expect(booking.responses['201']!.content!['application/json']!.example).toEqual(allEndpoints.bookBySize!.examples!.response);
  });
});
