import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { HubDetail, HubIdParams, HubList, HubMapList } from './hub-schemas.js';
import { hubExamples } from './hub-examples.js';
import { BBOX_MESSAGE, HubMapViewport, HubViewport, HubViewportQuery } from './hub-viewport-schemas.js';

// The public Hub reads (spec §3, §4): the map's list and a Hub's page.

export const hubNotFound = { status: 404, code: 'not_found', message: 'Hub não encontrado' } as const;

export const listHubs = endpoint({
  method: 'GET',
  path: '/api/hubs',
  tag: 'Hubs',
  summary: 'Lista os Hubs',
  description:
    'Visitantes e usuários recebem os Hubs públicos no formato do mapa (sem CEP, descrição, país, hardware e tipo); administradores recebem todos os Hubs, com todos os campos. ' +
    'Com `bbox` e `zoom` (a área visível do mapa), só os Hubs da área, agrupados em clusters (contagem, centro e caixa) onde o mapa está afastado: a resposta fica pequena com qualquer número de Hubs.',
  auth: 'optional',
  query: HubViewportQuery,
  responses: { 200: z.union([HubList, HubMapList, HubMapViewport, HubViewport]) },
  errors: [{ status: 400, code: 'validation_error', message: `Campo inválido: bbox (${BBOX_MESSAGE})` }],
  examples: hubExamples.listHubs,
});

/** GET /api/hubs without bbox: every Hub the caller may see (admins' shape or the map's). */
export type WholeHubList = z.output<typeof HubList> | z.output<typeof HubMapList>;
/** GET /api/hubs?bbox=…&zoom=…: the Hubs and clusters of a map's visible area. */
export type HubViewportAnswer = z.output<typeof HubMapViewport> | z.output<typeof HubViewport>;

export const listGmvHubs = endpoint({
  method: 'GET',
  path: '/api/hubs/gmv',
  tag: 'Hubs',
  summary: 'Lista os Hubs com lockers GMV (reserváveis), no formato do mapa',
  auth: 'public',
  responses: { 200: HubMapList },
  errors: [],
  examples: hubExamples.listGmvHubs,
});

export const getHub = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}',
  tag: 'Hubs',
  summary: 'Detalhe de um Hub, com seus lockers',
  description: 'Um Hub privado é mostrado sem lockers a quem não pode reservá-lo; a chave secreta vem só para administradores.',
  auth: 'optional',
  params: HubIdParams,
  responses: { 200: HubDetail },
  errors: [hubNotFound],
  examples: hubExamples.getHub,
});

export const hubEndpoints = { listHubs, listGmvHubs, getHub };
