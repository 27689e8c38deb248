import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

// Every route declares its answers (contract/), so Fastify would compile ~70 serializers before
// the API listens, ~150 ms of an embedded start. Each is compiled on its route's first answer
// instead (a few ms, once per process); answers are serialized exactly as before. The app adds
// no shared schemas (addSchema), so a schema is all a serializer needs.
export function compileSerializersOnFirstUse(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= fastJson(schema as Parameters<typeof fastJson>[0]))(data);
  });
}
