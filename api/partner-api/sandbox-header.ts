import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SANDBOX_HEADER } from '../../contract/partner-api/partner-api-sandbox.js';

// `Hub-Sandbox: true` on every answer to a sandbox token (docs/sandbox.md), refusals included, so
// an integrator's logs tell test calls from real ones whatever the route. requirePartner marks the
// request once it knows the token's kind; one root hook adds the header.

const sandboxRequests = new WeakSet<FastifyRequest>();

export const markSandbox = (request: FastifyRequest) => sandboxRequests.add(request);

export function installSandboxHeader(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (sandboxRequests.has(request)) reply.header(SANDBOX_HEADER, 'true');
    done(null, payload);
  });
}
