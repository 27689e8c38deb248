import { endpoint } from '../endpoint.js';
import { Health, Liveness, Readiness } from './health-schemas.js';
import { healthExamples } from './health-examples.js';

// Health for load balancers and the dashboard. 503 answers carry the same body as 200: a balancer
// reads the status code, a person the body.

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  tag: 'Saúde',
  summary: 'Estado do sistema',
  description:
    '200 enquanto o banco responde (status ok, ou degraded quando as projeções atrasam), 503 quando não responde. Administradores recebem também o atraso das projeções e os problemas.',
  auth: 'optional',
  responses: { 200: Health, 503: Health },
  errors: [],
  examples: healthExamples.getHealth,
});

export const getLiveness = endpoint({
  method: 'GET',
  path: '/api/health/live',
  tag: 'Saúde',
  summary: 'O processo está no ar',
  auth: 'public',
  responses: { 200: Liveness },
  errors: [],
  examples: healthExamples.getLiveness,
});

export const getReadiness = endpoint({
  method: 'GET',
  path: '/api/health/ready',
  tag: 'Saúde',
  summary: 'O processo pode receber tráfego',
  description: '200 quando o banco responde, todas as migrações foram aplicadas e o processo não está encerrando; senão 503.',
  auth: 'public',
  responses: { 200: Readiness, 503: Readiness },
  errors: [],
  examples: healthExamples.getReadiness,
});

export const healthEndpoints = { getHealth, getLiveness, getReadiness };
