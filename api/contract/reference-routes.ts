import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { allEndpoints } from '../../contract/endpoints.js';
import { openApiDocument } from '../../contract/openapi/document.js';
import { openApiJson } from '../../contract/reference/reference-endpoints.js';
import { route } from './route.js';

// GET /api/openapi.json, generated once from the contract, and the interactive reference at
// /api/docs (Swagger UI, served from this process under Hub's own Content-Security-Policy:
// its scripts are files, not inline, and nothing is fetched from elsewhere).

export const DOCS_PREFIX = '/api/docs';

const apiVersion = '1.0.0';

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const document = openApiDocument(allEndpoints, { version: apiVersion });
  const body = JSON.stringify(document);
  route(app, openApiJson, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Hub API: referência' },
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: 0 },
  });
};
