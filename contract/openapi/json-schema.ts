import { z } from 'zod';

// zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect). Schemas given an id with .meta({ id }) are
// lifted into components.schemas and referenced from there, once for the whole document.

export type JsonSchema = Record<string, unknown>;

export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...json
    } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [id, def] of Object.entries($defs ?? {})) this.schemas[id] ??= rewriteRefs(def) as JsonSchema;
    return rewriteRefs(json) as JsonSchema;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(inner),
    ]),
  );
}
