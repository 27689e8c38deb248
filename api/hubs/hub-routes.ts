import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { getHub, hubNotFound, listGmvHubs, listHubs } from '../../contract/hubs/hub-endpoints.js';
import type { HubSummaryView } from '../../contract/hubs/hub-schemas.js';
import { HubMapSummary, HubSummary } from '../../contract/hubs/hub-schemas.js';
import { isAdmin } from '../auth/guard.js';
import { responseSchema } from '../contract/json-schema.js';
import { route } from '../contract/route.js';
import { notFound } from '../http/errors.js';
import { sendCached } from './cached-body.js';
import type { ListKind } from './hub-bodies.js';
import { ListBodies, detailBody } from './hub-bodies.js';
import type { HubReadModel } from './hub-read-model.js';
import { KnownAreas, ViewportBodies, areaOf } from './hub-viewport.js';
import type { DetailVariant } from './hub-response.js';
import { detailVariant } from './hub-response.js';

export interface HubRoutesOptions {
  model: HubReadModel;
  clock: () => Date;
  /** Whether a signed-in non-admin holds a live grant to a private Hub (rm_hub_access, shared by every API process). */
  holdsGrant: (hubId: string, userId: string) => Promise<boolean>;
}

const isAdminRequest = (request: FastifyRequest) => request.user !== null && isAdmin(request.user);

// Public reads, served from the process's in-memory Hubs (hub-read-model.ts): no SQL per request.
// Private Hubs are listed for admins only (signed-in renters get theirs from
// /api/user-hub-access/my-hubs); a private Hub's detail is shown without lockers to anyone who may
// not book it. Only that case costs a query (the grant, in PostgreSQL: right in every process). The routes compress their own cached
// bodies, so @fastify/compress is off for them.
export const hubRoutes: FastifyPluginAsync<HubRoutesOptions> = async (app, { model, clock, holdsGrant }) => {
  const lists = new ListBodies(model.cache);
  const viewports = new ViewportBodies(model.cache);
  const areas = new KnownAreas();
  // Each Hub of a list is serialized alone with its shape's item schema (hub-bodies.ts); the
  // route schemas name what each answer may hold. Admins get the full list from /api/hubs.
  const fullSchema = responseSchema(HubSummary);
  const mapSchema = responseSchema(HubMapSummary);
  const list = (kindOf: (request: FastifyRequest) => ListKind) => (request: FastifyRequest, reply: FastifyReply) =>
    sendCached(
      request,
      reply,
      lists.get(kindOf(request), clock().getTime(), {
        full: (summary) => reply.compileSerializationSchema(fullSchema)(summary),
        map: (summary) => reply.compileSerializationSchema(mapSchema)(summary),
      }),
    );

  const cachedList = { compress: false as const, eagerSerializers: true };
  const wholeList = list((request) => (isAdminRequest(request) ? 'admin' : 'public'));
  route(
    app,
    listHubs,
    (request, reply, input) => {
      // Without bbox the answer is the whole list, as before viewports (hub-viewport.ts).
      const query = request.query as Record<string, unknown>;
      if (query.bbox === undefined && query.zoom === undefined) return wholeList(request, reply);
      const area = areas.get(query.bbox, query.zoom, () => {
        const { bbox, zoom } = input.query();
        return areaOf(bbox!, zoom!);
      });
      const admin = isAdminRequest(request);
      const serialize = (summary: HubSummaryView) => reply.compileSerializationSchema(admin ? fullSchema : mapSchema)(summary);
      return sendCached(request, reply, viewports.get(admin ? 'admin' : 'public', area, clock().getTime(), serialize));
    },
    cachedList,
  );
  route(
    app,
    listGmvHubs,
    list(() => 'gmv'),
    cachedList,
  );

  route(
    app,
    getHub,
    (request, reply, input) => {
      const hub = model.cache.get(input.params().id.toUpperCase());
      if (!hub) throw notFound(hubNotFound.message);
      const send = (variant: DetailVariant) =>
        sendCached(
          request,
          reply,
          detailBody(hub, variant, clock().getTime(), (payload) => reply.serialize(payload)),
        );
      const variant = detailVariant(hub, isAdminRequest(request));
      const user = request.user;
      if (variant !== 'restricted' || !user) return send(variant);
      return holdsGrant(hub.row.id, user.id).then((granted) => send(granted ? 'public' : 'restricted'));
    },
    { compress: false, eagerSerializers: true },
  );
};
