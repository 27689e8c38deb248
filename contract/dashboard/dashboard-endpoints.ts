import { endpoint } from '../endpoint.js';
import { DashboardStats, DashboardSummary, StatsQuery } from './dashboard-schemas.js';
import { dashboardExamples } from './dashboard-examples.js';

// The dashboard home: admins only.

export const getDashboardSummary = endpoint({
  method: 'GET',
  path: '/api/dashboard/summary',
  tag: 'Painel',
  summary: 'Totais de Hubs e lockers, operadores e estado do sistema',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: DashboardSummary },
  errors: [],
  examples: dashboardExamples.getDashboardSummary,
});

export const getDashboardStats = endpoint({
  method: 'GET',
  path: '/api/dashboard/stats',
  tag: 'Painel',
  summary: 'Ocupação e receita por dia (horário de São Paulo)',
  description: 'Os últimos `days` dias (1 a 90, padrão 30) até hoje, do mais antigo ao mais novo.',
  auth: 'bearer',
  role: 'admin',
  query: StatsQuery,
  responses: { 200: DashboardStats },
  errors: [],
  examples: dashboardExamples.getDashboardStats,
});

export const dashboardEndpoints = { getDashboardSummary, getDashboardStats };
