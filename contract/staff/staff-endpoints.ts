import { z } from 'zod';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { StaffMessages } from '../../domain/staff/staff-decide.js';
import { AssignedHub, HubStaffMember, HubStaffMemberParams, HubStaffParams, OperatorIdParams, StaffHubsBody } from './staff-schemas.js';
import { staffExamples } from './staff-examples.js';

// Staff Hub assignments (issue 26 item 7, docs/adr/0020): which Hubs a logistics or maintenance
// operator works. Admins change them, from the operator's form or from the Hub's page; an
// operator may read their own.

export const StaffRouteMessages = {
  operatorNotFound: 'Operador não encontrado.',
  hubNotFound: 'Hub não encontrado.',
  onlyOwn: 'Você só pode ver os seus próprios Hubs.',
} as const;

const operatorNotFound: ErrorCase = { status: 404, code: 'not_found', message: StaffRouteMessages.operatorNotFound };
const hubNotFound: ErrorCase = { status: 404, code: 'not_found', message: StaffRouteMessages.hubNotFound };
const unknownHub: ErrorCase = { status: 404, code: 'hub_not_found', message: StaffMessages.unknownHub('RJ-09') };
const notStaff: ErrorCase = { status: 400, code: 'not_staff', message: StaffMessages.notStaff };
const tooMany: ErrorCase = { status: 400, code: 'too_many_hubs', message: StaffMessages.tooMany };
const onlyOwn: ErrorCase = { status: 403, code: 'forbidden', message: StaffRouteMessages.onlyOwn };

export const getOperatorHubs = endpoint({
  method: 'GET',
  path: '/api/operators/{id}/hubs',
  tag: 'Equipe',
  summary: 'Os Hubs que um operador atende (administradores, ou o próprio operador)',
  auth: 'bearer',
  params: OperatorIdParams,
  responses: { 200: z.array(AssignedHub) },
  errors: [onlyOwn, operatorNotFound],
  examples: staffExamples.operatorHubs,
});

export const setOperatorHubs = endpoint({
  method: 'PUT',
  path: '/api/operators/{id}/hubs',
  tag: 'Equipe',
  summary: 'Define o conjunto inteiro de Hubs de um operador de logística ou manutenção',
  description: 'Responde quando a mudança já vale em todos os processos da API; um conjunto igual ao atual não grava nada.',
  auth: 'bearer',
  role: 'admin',
  params: OperatorIdParams,
  body: StaffHubsBody,
  responses: { 200: z.array(AssignedHub) },
  errors: [operatorNotFound, notStaff, unknownHub, tooMany],
  examples: staffExamples.setOperatorHubs,
});

export const getHubStaff = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}/staff',
  tag: 'Equipe',
  summary: 'Os operadores que atendem um Hub',
  auth: 'bearer',
  role: 'admin',
  params: HubStaffParams,
  responses: { 200: z.array(HubStaffMember) },
  errors: [hubNotFound],
  examples: staffExamples.hubStaff,
});

export const addHubStaff = endpoint({
  method: 'PUT',
  path: '/api/hubs/{id}/staff/{userId}',
  tag: 'Equipe',
  summary: 'Coloca um operador de logística ou manutenção na equipe de um Hub',
  description: 'Responde a equipe do Hub depois da mudança; repetir não grava nada.',
  auth: 'bearer',
  role: 'admin',
  params: HubStaffMemberParams,
  responses: { 200: z.array(HubStaffMember) },
  errors: [hubNotFound, operatorNotFound, notStaff],
  examples: staffExamples.addHubStaff,
});

export const removeHubStaff = endpoint({
  method: 'DELETE',
  path: '/api/hubs/{id}/staff/{userId}',
  tag: 'Equipe',
  summary: 'Tira um operador da equipe de um Hub',
  description: 'Responde a equipe do Hub depois da mudança; tirar quem não está na equipe não grava nada.',
  auth: 'bearer',
  role: 'admin',
  params: HubStaffMemberParams,
  responses: { 200: z.array(HubStaffMember) },
  errors: [hubNotFound, operatorNotFound],
  examples: staffExamples.removeHubStaff,
});

export const staffEndpoints = { getOperatorHubs, setOperatorHubs, getHubStaff, addHubStaff, removeHubStaff };
