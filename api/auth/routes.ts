import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AuthErrors, currentSession, login, refresh, register, signout, updatePhone as updatePhoneEndpoint } from '../../contract/auth/auth-endpoints.js';
import { route } from '../contract/route.js';
import { ApiError, unauthorized } from '../http/errors.js';
import { bearerToken, installAuthGuard, requireUser } from './guard.js';
import { createKnownDevices } from './known-devices.js';
import { createLoginThrottle, type ThrottlePolicy } from './login-throttle.js';
import { passwordWorkSaturated, prepareDummyHash, serverBusy, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { sessionBody } from './session-body.js';
import { endSessions } from './session-epochs.js';
import type { IssuedRefresh, TokenService } from './tokens.js';
import { createUser, findUserByEmail, findUserById, normalizeEmail, toClientUser, updatePhone } from './users.js';
import type { UserRow } from './users.js';

export type AuthRoutesOptions = {
  db: pg.Pool;
  tokens: TokenService;
  /** Time for the failed-login limits; tests move it instead of sleeping. */
  clock?: () => Date;
  /** Overrides of the failed-login limits (login-throttle.ts), for tests. */
  loginLimits?: { account?: ThrottlePolicy; address?: ThrottlePolicy };
  /** Told of each new account (the app mails the e-mail confirmation link); returns at once. */
  onRegistered?: (user: UserRow) => void;
  /** The device cookie set at sign-in is Secure (the app is served over https: APP_URL). */
  secureCookies?: boolean;
};

const BAD_SESSION = AuthErrors.badSession.message;

// Besides the failed-login limits (login-throttle.ts), login is rate-limited per IP *and* e-mail
// for all attempts, so one office behind a NAT does not lock everyone out. It runs at preHandler
// so the parsed body is available to the key.
function loginKey(request: FastifyRequest): string {
  const body = request.body;
  const raw = typeof body === 'object' && body !== null && 'email' in body ? body.email : '';
  return `${request.ip}|${typeof raw === 'string' ? normalizeEmail(raw) : ''}`;
}
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { db, tokens } = options;
  const clock = options.clock ?? (() => new Date());
  const throttle = createLoginThrottle(db, options.loginLimits);
  const devices = createKnownDevices(db, tokens, { secureCookies: options.secureCookies ?? false, now: clock });
  installAuthGuard(app, tokens, db); // no-op when the app already installed it globally
  await prepareDummyHash();

  const sessionFor = (user: UserRow, rotated?: IssuedRefresh) => sessionBody(db, tokens, user, rotated);

  /** The caller's current row; a token for a deleted account is a dead session. */
  async function currentUser(request: FastifyRequest): Promise<UserRow> {
    const row = await findUserById(db, requireUser(request).id);
    if (!row) throw unauthorized(BAD_SESSION);
    return row;
  }

  route(
    app,
    register,
    async (_request, reply, input) => {
      const user = await createUser(db, { ...input.body(), role: 'user' });
      options.onRegistered?.(user);
      return reply.status(201).send(await sessionFor(user));
    },
    { config: perMinute(10) },
  );

  route(
    app,
    login,
    async (request, reply, parsed) => {
      const input = parsed.body();
      if (passwordWorkSaturated()) throw serverBusy(); // before counting anything against anyone
      // A device or address the owner signed in from before fails in a bucket of its own, so
      // strangers failing from elsewhere do not lock the owner out there (known-devices.ts).
      const source = await devices.identify(request, input.email);
      // Unknown e-mails are throttled like accounts, so refusals do not reveal which exist.
      const attempt = await throttle.begin(input.email, request.ip, clock(), source.trustedKey);
      let user: UserRow | null;
      let ok: boolean;
      try {
        user = await findUserByEmail(db, input.email);
        // Unknown e-mail and wrong password look the same, in body and in time.
        ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      } catch (error) {
        await attempt.abandoned().catch((refundError: unknown) => request.log.warn({ err: refundError }, 'login claim not refunded'));
        throw error;
      }
      const bad = AuthErrors.badCredentials;
      if (!user || !ok) throw new ApiError(bad.status, bad.code, bad.message); // the claimed failure stays
      await attempt.succeeded();
      await devices.remember(request, reply, user.id);
      return sessionFor(user);
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000, hook: 'preHandler', keyGenerator: loginKey } } },
  );

  const badRefresh = () => new ApiError(AuthErrors.badRefresh.status, AuthErrors.badRefresh.code, AuthErrors.badRefresh.message);
  route(
    app,
    refresh,
    async (_request, _reply, input) => {
      const rotated = await tokens.rotateRefresh(db, input.body().refresh_token);
      if (!rotated) throw badRefresh();
      const user = await findUserById(db, rotated.userId);
      if (!user) throw badRefresh();
      return sessionFor(user, rotated.refresh);
    },
    { config: perMinute(30) },
  );

  // Echoes the presented (verified) token rather than minting one: renewing must go through a
  // refresh token, so a leaked access token cannot be kept alive forever.
  route(app, currentSession, async (request) => {
    const user = await currentUser(request);
    return { data: { session: { access_token: bearerToken(request) ?? '' } }, user: toClientUser(user) }; // a caller here presented one
  });

  // Signing out ends every session of the account, on every device and API process: its refresh
  // tokens are revoked and its access tokens refused from now on (session-epochs.ts).
  route(app, signout, async (request, reply) => {
    await endSessions(db, requireUser(request).id);
    return reply.status(204).send();
  });

  route(
    app,
    updatePhoneEndpoint,
    async (request, _reply, input) => {
      const caller = requireUser(request);
      const user = await updatePhone(db, caller.id, input.body().phone);
      if (!user) throw unauthorized(BAD_SESSION);
      return { user: toClientUser(user) };
    },
    { config: perMinute(20) },
  );
};
