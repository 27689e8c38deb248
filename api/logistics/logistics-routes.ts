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
import { isAdmin } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { collectionAfter, collectionHub, collectionView, namingTheClaimer } from './collection-answers.js';
import { assertWorksHub, requireStaffReader, requireStaffWorker, seesRenters, staffHubIds } from './logistics-access.js';
import { hubDetail, listCollections, listStaffHubs } from './logistics-queries.js';

// The logistics reads and the claim/complete of items left for pickup (docs/logistics-api.md).
// Logistics staff see the Hubs they are assigned to; admins every Hub. Maintenance staff read their
// Hubs without renters' names and act on nothing (docs/adr/0020).

export const logisticsRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  route(app, listStaffHubsEndpoint, async (request) => {
    const user = requireStaffReader(request);
    return listStaffHubs(deps.db, await staffHubIds(deps.db, user));
  });

  route(app, getStaffHub, async (request, _reply, input) => {
    const user = requireStaffReader(request);
    const hubId = input.params().id.toUpperCase();
    await assertWorksHub(deps.db, user, hubId);
    const detail = await hubDetail(deps.db, hubId, deps.clock());
    if (!detail) throw notFound(LogisticsMessages.hubNotFound);
    if (seesRenters(user)) return detail;
    return { ...detail, reservations: detail.reservations.map((r) => ({ ...r, user_name: null, claimed_by_name: null })) };
  });

  route(app, listCollectionsEndpoint, async (request) => {
    const user = requireStaffWorker(request);
    return (await listCollections(deps.db, await staffHubIds(deps.db, user))).map(collectionView);
  });

  route(app, claimCollection, async (request, _reply, input) => {
    const user = requireStaffWorker(request);
    const { id } = input.params();
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await namingTheClaimer(deps, id, () => claimPickup(deps, id, user.id, ctx));
    return collectionAfter(deps, id, result);
  });

  route(app, completeCollection, async (request, _reply, input) => {
    const user = requireStaffWorker(request);
    const { id } = input.params();
    await assertWorksHub(deps.db, user, await collectionHub(deps, id));
    const ctx = commandContext(request, user, deps.clock());
    const result = await completePickup(deps, id, { userId: user.id, asAdmin: isAdmin(user) }, ctx);
    return collectionAfter(deps, id, result);
  });
};
