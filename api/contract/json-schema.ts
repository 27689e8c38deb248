import { z } from 'zod';

// The JSON Schema Fastify compiles an answer's serializer from (fast-json-stringify writes only
// the fields named, so a field added to a row by mistake, a secret, cannot leak through).
// Converted once per schema object.

const compiled = new WeakMap<z.ZodType, Record<string, unknown>>();

export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  let json = compiled.get(schema);
  if (!json) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    json = rest;
    compiled.set(schema, json);
  }
  return json;
}
