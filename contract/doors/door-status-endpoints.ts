import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { notYourHub, staffHubNotFound } from '../logistics/logistics-endpoints.js';
import { ControllerListItem, DoorHubParams, HubDoors } from './door-status-schemas.js';
import { doorStatusExamples } from './door-status-examples.js';

// Staff read what the doors and controllers are doing (issue 29 item 4): admins every Hub,
// logistics and maintenance the Hubs assigned to them. Pages refetch on the `doors:changed` push.

export const getHubDoors = endpoint({
  method: 'GET',
  path: '/api/hubs/{hubId}/doors',
  tag: 'Controlador de portas',
  summary: 'O controlador do Hub (online, offline ou sem controlador) e o último estado de cada porta',
  description: 'Online/offline é calculado na leitura a partir do último heartbeat, igual em todas as réplicas.',
  auth: 'bearer',
  role: 'logistics',
  params: DoorHubParams,
  responses: { 200: HubDoors },
  errors: [notYourHub, staffHubNotFound],
  examples: doorStatusExamples.getHubDoors,
});

export const listControllers = endpoint({
  method: 'GET',
  path: '/api/controllers',
  tag: 'Controlador de portas',
  summary: 'O estado do controlador de cada Hub atendido (todos, para administradores)',
  auth: 'bearer',
  role: 'logistics',
  responses: { 200: z.array(ControllerListItem) },
  errors: [],
  examples: doorStatusExamples.listControllers,
});

export const doorStatusEndpoints = { getHubDoors, listControllers };
