import { z } from 'zod';
import { endpoint } from '../endpoint.js';

// Operations (issue 30): Prometheus' /metrics and the ticket that opens the queue dashboard
// (bull-board at /admin/queues, whose own routes are bull-board's and not in this contract).
// docs/operations.md says what to alert on.

export const getMetrics = endpoint({
  method: 'GET',
  path: '/metrics',
  tag: 'Operação',
  summary: 'Métricas deste processo da API no formato do Prometheus',
  description: 'Para um administrador ou para o token METRICS_TOKEN (Bearer). Cada réplica da API expõe as suas.',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: z.string() },
  responseMediaType: { 200: 'text/plain; version=0.0.4' },
  errors: [],
  internal: true,
});

export const QueueTicket = z.object({
  ticket: z.string(),
  /** Where the browser goes with it: the dashboard, which trades it for a cookie. */
  url: z.string(),
  expires_in: z.number().int(),
});

export const createQueueTicket = endpoint({
  method: 'POST',
  path: '/api/admin/queues/ticket',
  tag: 'Operação',
  summary: 'Um ingresso de um minuto para abrir o painel de filas (/admin/queues)',
  description: 'O painel troca o ingresso por um cookie HttpOnly válido por 30 minutos, só para /admin/queues.',
  auth: 'bearer',
  role: 'admin',
  responses: { 201: QueueTicket },
  errors: [{ status: 404, code: 'queues_unavailable', message: 'O painel de filas precisa do BullMQ (REDIS_URL).' }],
  examples: { response: { ticket: '6f1c…', url: '/admin/queues?ticket=6f1c…', expires_in: 60 } },
});

/** The dashboard's page (bull-board's, with BullMQ); without BullMQ a 404 saying why. */
export const getQueueDashboard = endpoint({
  method: 'GET',
  path: '/admin/queues',
  tag: 'Operação',
  summary: 'O painel de filas (bull-board), para administradores',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: z.string() },
  responseMediaType: { 200: 'text/html' },
  errors: [{ status: 404, code: 'queues_unavailable', message: 'O painel de filas precisa do BullMQ (REDIS_URL).' }],
  internal: true,
});

export const operationsEndpoints = { getMetrics, createQueueTicket, getQueueDashboard };
