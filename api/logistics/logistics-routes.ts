import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { claimPickup, completePickup } from '../../commands/pickup-commands.js';
import {
  claimCollection,
  completeCollection,
  getStaffHub,
  listCollections as listCollectionsEndpoint,
  listStaffHubs as listStaffHubsEndpoint,
  LogisticsMessages,
} from '../../contract/logistics/logistics-endpoints.js';
import { isAdmin, requireRole } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { collectionAfter, collectionHub, collectionView, namingTheClaimer } from './collection-answers.js';
import { assertWorksHub, staffHubIds } from './logistics-access.js';
import { hubDetail, listCollections, listStaffHubs } from './logistics-queries.js';

// The logistics reads and the claim/complete of items left for pickup (docs/logistics-api.md).
// Logistics staff see the Hubs they are assigned to; admins every Hub.

export const logisticsRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  route(app, listStaffHubsEndpoint, async (request) => {
    const user = requireRole(request, 'logistics');
    return listStaffHubs(deps.db, await staffHubIds(deps.db, user));
  });

  route(app, getStaffHub, async (request, _reply, input) => {
    const user = requireRole(request, 'logistics');
    const hubId = input.params().id.toUpperCase();
    await assertWorksHub(deps.db, user, hubId);
    const detail = await hubDetail(deps.db, hubId, deps.clock());
    if (!detail) throw notFound(LogisticsMessages.hubNotFound);
    return detail;
  });

  route(app, listCollectionsEndpoint, async (request) => {
    const user = requireRole(request, 'logistics');
    return (await listCollections(deps.db, await staffHubIds(deps.db, user))).map(collectionView);
  });

  route(app, claimCollection, async (request, _reply, input) => {
    const user = requireRole(request, 'logistics');
    const { id } = input.params();
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await namingTheClaimer(deps, id, () => claimPickup(deps, id, user.id, ctx));
    return collectionAfter(deps, id, result);
  });

  route(app, completeCollection, async (request, _reply, input) => {
    const user = requireRole(request, 'logistics');
    const { id } = input.params();
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await completePickup(deps, id, { userId: user.id, asAdmin: isAdmin(user) }, ctx);
    return collectionAfter(deps, id, result);
  });
};
