import { z } from 'zod';
import { endpoint } from '../endpoint.js';

// The API's own description: the OpenAPI document and its interactive reference.

export const openApiJson = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'Referência',
  summary: 'Este documento OpenAPI 3.1',
  description: 'Gerado do contrato (contract/) que a API e o app web compartilham. A referência interativa está em /api/docs.',
  auth: 'public',
  responses: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
  errors: [],
  // The start of the document: the real one is the answer itself.
  examples: {
    response: {
      openapi: '3.1.0',
      info: { title: 'Hub API', version: '0.1.0' },
      paths: { '/api/health/live': { get: { operationId: 'getLiveness', tags: ['Saúde'], summary: 'O processo está no ar' } } },
    },
  },
});

export const referenceEndpoints = { openApiJson };
