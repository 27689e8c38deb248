import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { LockerIdParams } from '../lockers/locker-schemas.js';
import { AsOfQuery, HistoryHubParams, HistoryPage, HistoryQuery, HubAsOf, LockerHistoryQuery } from './history-schemas.js';
import { historyExamples } from './history-examples.js';

// The audit trail, newest first, a page per cursor; with format=csv the whole filtered history as
// a spreadsheet file. Admins only.

const CSV = 'Com format=csv, responde o histórico filtrado inteiro como text/csv (UTF-8 com BOM, campos separados por ";").';
const historyErrors: ErrorCase[] = [
  { status: 400, code: 'invalid_cursor', message: 'Cursor inválido.' },
  { status: 400, code: 'validation_error', message: 'A data inicial deve ser anterior à data final.' },
];

export const getHubHistory = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}/history',
  tag: 'Histórico',
  summary: 'Histórico de um Hub e seus lockers',
  description: CSV,
  auth: 'bearer',
  role: 'admin',
  params: HistoryHubParams,
  query: HistoryQuery,
  responses: { 200: HistoryPage },
  errors: [...historyErrors, { status: 404, code: 'not_found', message: 'Hub não encontrado' }],
  examples: historyExamples.getHubHistory,
});

export const getLockerHistory = endpoint({
  method: 'GET',
  path: '/api/lockers/{id}/history',
  tag: 'Histórico',
  summary: 'Histórico de um locker',
  description: CSV,
  auth: 'bearer',
  role: 'admin',
  params: LockerIdParams,
  query: LockerHistoryQuery,
  responses: { 200: HistoryPage },
  errors: [...historyErrors, { status: 404, code: 'not_found', message: 'Locker não encontrado' }],
  examples: historyExamples.getLockerHistory,
});

export const getHubAsOf = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}/as-of',
  tag: 'Histórico',
  summary: 'O Hub como estava num instante',
  description: 'Os dados do Hub, seus lockers e as reservas que os ocupavam no instante `at`.',
  auth: 'bearer',
  role: 'admin',
  params: HistoryHubParams,
  query: AsOfQuery,
  responses: { 200: HubAsOf },
  errors: [],
  examples: historyExamples.getHubAsOf,
});

export const historyEndpoints = { getHubHistory, getLockerHistory, getHubAsOf };
