import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../../commands/command-handler.js';
import type { AuthUser } from '../auth/types.js';

/** One request = one correlation id; the request's user is the actor; its Idempotency-Key rides along. */
export function commandContext(request: FastifyRequest, user: AuthUser, now: Date): CommandContext {
  return {
    actor: { id: user.id, role: user.role },
    correlationId: request.id,
    causationId: null,
    now,
    ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
  };
}
