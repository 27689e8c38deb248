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
});

export const referenceEndpoints = { openApiJson };
