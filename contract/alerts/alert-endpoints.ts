import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { AlertMessages } from '../../domain/alerts/alert-decide.js';
import { Alert, AlertIdParams, AlertList, AlertListQuery, ResolveAlertBody } from './alert-schemas.js';
import { alertExamples } from './alert-examples.js';

// Alerts (issue 29 item 5, ADR 0026): a jammed, forced or left-open door, or a controller gone
// offline. Admins see and act on every Hub's; logistics on the Hubs assigned to them (maintenance
// reads theirs); anyone else is refused. An alert of a Hub the caller does not work is a 404.

const notFound: ErrorCase = { status: 404, code: 'not_found', message: AlertMessages.notFound };
const resolvedAlready: ErrorCase = { status: 409, code: 'alert_resolved', message: AlertMessages.alreadyResolved };
const staffOnly: ErrorCase = { status: 403, code: 'forbidden', message: 'Acesso negado' };

export const listAlerts = endpoint({
  method: 'GET',
  path: '/api/alerts',
  tag: 'Alertas',
  summary: 'Os alertas dos Hubs do chamador: abertos primeiro, depois reconhecidos, depois os resolvidos recentes',
  auth: 'bearer',
  role: 'logistics',
  query: AlertListQuery,
  responses: { 200: AlertList },
  errors: [staffOnly],
  examples: alertExamples.list,
});

export const acknowledgeAlert = endpoint({
  method: 'POST',
  path: '/api/alerts/{id}/ack',
  tag: 'Alertas',
  summary: 'Reconhece um alerta: alguém está cuidando dele',
  description: 'Reconhecer um alerta já reconhecido não grava nada; um alerta resolvido responde 409.',
  auth: 'bearer',
  role: 'logistics',
  params: AlertIdParams,
  responses: { 200: Alert },
  errors: [staffOnly, notFound, resolvedAlready],
  examples: alertExamples.ack,
});

export const resolveAlert = endpoint({
  method: 'POST',
  path: '/api/alerts/{id}/resolve',
  tag: 'Alertas',
  summary: 'Resolve um alerta, com uma observação opcional',
  description: 'Reconhecer antes é opcional; resolver um alerta já resolvido responde 409.',
  auth: 'bearer',
  role: 'logistics',
  params: AlertIdParams,
  body: ResolveAlertBody,
  responses: { 200: Alert },
  errors: [staffOnly, notFound, resolvedAlready],
  examples: alertExamples.resolve,
});

export const alertEndpoints = { listAlerts, acknowledgeAlert, resolveAlert };
