import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { allEndpoints } from '../../contract/endpoints.js';
import { openApiDocument } from '../../contract/openapi/document.js';
import { openApiJson } from '../../contract/reference/reference-endpoints.js';
import { route } from './route.js';

// GET /api/openapi.json, generated from the contract on its first request (~40 ms of work few
// processes are ever asked for), and the interactive reference at /api/docs: Swagger UI's own
// files (swagger-ui-dist), served by this process under the pages' Content-Security-Policy. Its
// scripts are files, not inline, and it reads only /api/openapi.json. Each file has its own
// route: a wildcard route under /api/ made every other /api/ lookup ~8 % slower (find-my-way).

export const DOCS_PREFIX = '/api/docs';

const apiVersion = '1.0.0';
const uiFolder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hub API: referência</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${DOCS_PREFIX}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PREFIX}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PREFIX}/init.js"></script>
</body>
</html>
`;

const init = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

const assets = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
} as const;

let generated: string | null = null;
const documentBody = () => (generated ??= JSON.stringify(openApiDocument(allEndpoints, { version: apiVersion })));

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  route(app, openApiJson, (_request, reply) => reply.type('application/json; charset=utf-8').send(documentBody()));
  app.get(DOCS_PREFIX, (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get(`${DOCS_PREFIX}/init.js`, (_request, reply) => reply.type('application/javascript; charset=utf-8').send(init));
  const loaded = new Map<string, Promise<Buffer>>();
  for (const [name, type] of Object.entries(assets)) {
    app.get(`${DOCS_PREFIX}/${name}`, async (_request, reply) => {
      if (!loaded.has(name)) loaded.set(name, readFile(join(uiFolder, name)));
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(await loaded.get(name));
    });
  }
};
