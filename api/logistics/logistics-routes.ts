import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandDeps } from '../../commands/deps.js';
import { claimPickup, completePickup } from '../../commands/pickup-commands.js';
import { isAdmin, requireRole } from '../auth/guard.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { collectionAfter, collectionHub, namingTheClaimer } from './collection-answers.js';
import { assertWorksHub, staffHubIds } from './logistics-access.js';
import { hubDetail, listCollections, listStaffHubs } from './logistics-queries.js';

// The logistics reads and the claim/complete of items left for pickup (docs/logistics-api.md).
// Logistics staff see the Hubs they are assigned to; admins every Hub.

const HubParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Identificador de Hub inválido.') });
const CollectionParams = z.object({ id: z.uuid('ID da coleta inválido.') });

export const logisticsRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  app.get('/api/logistics/hubs', async (request) => {
    const user = requireRole(request, 'logistics');
    return listStaffHubs(deps.db, await staffHubIds(deps.db, user));
  });

  app.get('/api/logistics/hubs/:id', async (request) => {
    const user = requireRole(request, 'logistics');
    const hubId = parse(HubParams, request.params).id.toUpperCase();
    await assertWorksHub(deps.db, user, hubId);
    const detail = await hubDetail(deps.db, hubId, deps.clock());
    if (!detail) throw notFound('Hub não encontrado.');
    return detail;
  });

  app.get('/api/logistics/collections', async (request) => {
    const user = requireRole(request, 'logistics');
    return listCollections(deps.db, await staffHubIds(deps.db, user));
  });

  app.post('/api/logistics/collections/:id/claim', async (request) => {
    const user = requireRole(request, 'logistics');
    const { id } = parse(CollectionParams, request.params);
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await namingTheClaimer(deps, id, () => claimPickup(deps, id, user.id, ctx));
    return collectionAfter(deps, id, result);
  });

  app.post('/api/logistics/collections/:id/complete', async (request) => {
    const user = requireRole(request, 'logistics');
    const { id } = parse(CollectionParams, request.params);
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await completePickup(deps, id, { userId: user.id, asAdmin: isAdmin(user) }, ctx);
    return collectionAfter(deps, id, result);
  });
};
