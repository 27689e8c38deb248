import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isAdmin } from '../auth/guard.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { sendCached } from './cached-body.js';
import type { ListKind } from './hub-bodies.js';
import { ListBodies, detailBody } from './hub-bodies.js';
import type { HubReadModel } from './hub-read-model.js';
import { detailVariant } from './hub-response.js';
import { HubDetail, HubList, HubMapList, HubMapSummary, HubSummary, responseSchema } from './hub-schemas.js';

export interface HubRoutesOptions {
  model: HubReadModel;
  clock: () => Date;
}

const HubIdParams = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'ID de Hub inválido') });

const isAdminRequest = (request: FastifyRequest) => request.user !== null && isAdmin(request.user);

// Public reads, served from the process's in-memory Hubs (hub-read-model.ts): no SQL per request.
// Private Hubs are listed for admins only (access grants come later); a private Hub's detail is
// shown without lockers to anyone who may not book it. The routes compress their own cached
// bodies, so @fastify/compress is off for them.
export const hubRoutes: FastifyPluginAsync<HubRoutesOptions> = async (app, { model, clock }) => {
  const lists = new ListBodies(model.cache);
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

  const anyList = { schema: { response: { 200: responseSchema(z.union([HubList, HubMapList])) } }, compress: false as const };
  const mapList = { schema: { response: { 200: responseSchema(HubMapList) } }, compress: false as const };
  app.get('/api/hubs', anyList, list((request) => (isAdminRequest(request) ? 'admin' : 'public')));
  app.get('/api/hubs/gmv', mapList, list(() => 'gmv'));

  app.get('/api/hubs/:id', { schema: { response: { 200: responseSchema(HubDetail) } }, compress: false }, (request, reply) => {
    const { id } = parse(HubIdParams, request.params);
    const hub = model.cache.get(id.toUpperCase());
    if (!hub) throw notFound('Hub não encontrado');
    const body = detailBody(hub, detailVariant(hub, isAdminRequest(request)), clock().getTime(), (payload) => reply.serialize(payload));
    return sendCached(request, reply, body);
  });
};
