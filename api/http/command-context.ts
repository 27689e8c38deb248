import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../../infra/eventstore/command-handler.js';
import type { AuthUser } from '../auth/types.js';

/** One request = one correlation id; the request's user is the actor. */
export function commandContext(request: FastifyRequest, user: AuthUser, now: Date): CommandContext {
  return { actor: { id: user.id, role: user.role }, correlationId: request.id, causationId: null, now };
}
