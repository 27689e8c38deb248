import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { allEndpoints } from '../../contract/endpoints.js';
import { openApiDocument } from '../../contract/openapi/document.js';
import { openApiJson } from '../../contract/reference/reference-endpoints.js';
import { route } from './route.js';

// GET /api/openapi.json, generated from the contract on its first request (not at start: it is
// ~40 ms of work few processes are ever asked for), and the interactive reference at /api/docs
// (Swagger UI, served from this process under Hub's own Content-Security-Policy: its scripts are
// files, not inline, and nothing is fetched from elsewhere), which reads the same document.

export const DOCS_PREFIX = '/api/docs';

const apiVersion = '1.0.0';

let generated: { document: object; body: string } | null = null;
const reference = () => {
  if (!generated) {
    const document = openApiDocument(allEndpoints, { version: apiVersion });
    generated = { document, body: JSON.stringify(document) };
  }
  return generated;
};

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  route(app, openApiJson, (_request, reply) => reply.type('application/json; charset=utf-8').send(reference().body));
  // Static mode wants a document up front; the UI's own copy is swapped for the real one when asked.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: { openapi: '3.1.0', info: { title: 'Hub API', version: apiVersion }, paths: {} } },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Hub API: referência' },
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: 0 },
    transformSpecificationClone: false,
    transformSpecification: () => reference().document as never,
  });
};
