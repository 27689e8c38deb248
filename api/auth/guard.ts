import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { forbidden, unauthorized } from '../http/errors.js';
import { createSessionEpochs } from './session-epochs.js';
import type { TokenService } from './tokens.js';
import type { AuthUser, Role } from './types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard: the verified caller, or null for visitors and bad tokens. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** The caller an access token names, or null when it is invalid, expired or its sessions ended. */
    authenticate(token: string): Promise<AuthUser | null>;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Installs the guard on app: every request gets request.user from its bearer token. A missing or
 * invalid token does not fail the request here (public routes must still work); routes decide
 * with requireUser / requireRole. A token counts only while its account exists with the session
 * epoch it carries (a role change, password reset, sign-out or erasure moves it; session-epochs.ts).
 * Idempotent: calling it on an instance (or a child of one) that already has the guard does
 * nothing, so route plugins can install it defensively.
 */
export function installAuthGuard(app: FastifyInstance, tokens: TokenService, db: pg.Pool): void {
  if (app.hasRequestDecorator('user')) return;
  const epochs = createSessionEpochs(db);
  app.addHook('onClose', () => epochs.close());
  const authenticate = async (token: string): Promise<AuthUser | null> => {
    const user = await tokens.verifyAccess(token);
    if (!user) return null;
    return (await epochs.current(user.id)) === user.sessionEpoch ? user : null;
  };
  app.decorate('authenticate', authenticate);
  app.decorateRequest('user', null);
  // Callback style: an anonymous request (most public reads) passes without a promise or a query.
  app.addHook('onRequest', (request, _reply, done) => {
    request.user = null;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return done();
    authenticate(match[1]).then((user) => {
      request.user = user;
      done();
    }, done);
  });
}

/** The bearer token as sent, for routes that echo it back. */
export function bearerToken(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

export function isAdmin(user: AuthUser): boolean {
  return user.role === 'admin' || user.isAdmin;
}

/** The caller, or a 401 when the request carries no valid access token. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Autenticação necessária');
  return request.user;
}

/**
 * The caller if they hold one of roles, else 401 (anonymous) or 403. Admins pass every role
 * check: the spec gives them the whole dashboard.
 */
export function requireRole(request: FastifyRequest, ...roles: Role[]): AuthUser {
  const user = requireUser(request);
  if (isAdmin(user) || roles.includes(user.role)) return user;
  throw forbidden('Acesso negado');
}
