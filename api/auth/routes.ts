import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { ApiError, unauthorized } from '../http/errors.js';
import { parse } from '../http/validation.js';
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

const REQUIRED = 'Preencha todos os campos obrigatórios';
const PHONE_INVALID = 'Telefone inválido. Por favor, insira um número válido com DDD.';
const BAD_CREDENTIALS = 'Falha no login: Verifique suas credenciais';
const BAD_SESSION = 'Sessão inválida';

// A missing field and a blank one get the same message, as on the register screen. Only a wrong
// type is 'Deve ser um texto': a text too long says its limit (api/http/validation.ts).
const notText = (missing: string) => (issue: z.core.$ZodRawIssue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? missing : 'Deve ser um texto') : undefined);
const text = (missing: string) => z.string({ error: notText(missing) }).trim().min(1, missing);

// Accepts the masked form '(11) 98765-4321' (or +, dots) and yields digits only: DDD + number.
const phone = (missing: string) =>
  text(missing)
    .regex(/^[\d\s()+.-]+$/, PHONE_INVALID)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10,11}$/, PHONE_INVALID));

const email = text(REQUIRED).max(254, 'E-mail muito longo').toLowerCase().pipe(z.email('E-mail inválido'));

// No trim on passwords: spaces are legitimate characters. The cap bounds hashing work.
const password = z
  .string({ error: notText(REQUIRED) })
  .min(1, REQUIRED)
  .max(128, 'Máximo de 128 caracteres');

const registerBody = z.object({
  name: text(REQUIRED).max(120, 'Nome muito longo'),
  email,
  phone: phone(REQUIRED),
  password: password.min(6, 'Mínimo de 6 caracteres'),
  // Deliberately no role: sign-up always creates a plain user, whatever the client sends.
});
const loginBody = z.object({ email: text(REQUIRED).max(254), password });
const refreshBody = z.object({ refresh_token: text(REQUIRED).max(200) });
const phoneBody = z.object({ phone: phone(PHONE_INVALID) });

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

  app.post('/api/auth/register', { config: perMinute(10) }, async (request, reply) => {
    const input = parse(registerBody, request.body);
    const user = await createUser(db, { ...input, role: 'user' });
    options.onRegistered?.(user);
    return reply.status(201).send(await sessionFor(user));
  });

  app.post(
    '/api/auth/login',
    { config: { rateLimit: { max: 10, timeWindow: 60_000, hook: 'preHandler', keyGenerator: loginKey } } },
    async (request, reply) => {
      const input = parse(loginBody, request.body);
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
        ok = user?.password_hash
          ? await verifyPassword(user.password_hash, input.password)
          : await verifyAgainstDummy(input.password);
      } catch (error) {
        await attempt.abandoned().catch((refundError: unknown) => request.log.warn({ err: refundError }, 'login claim not refunded'));
        throw error;
      }
      if (!user || !ok) throw new ApiError(401, 'invalid_credentials', BAD_CREDENTIALS); // the claimed failure stays
      await attempt.succeeded();
      await devices.remember(request, reply, user.id);
      return sessionFor(user);
    },
  );

  app.post('/api/auth/refresh', { config: perMinute(30) }, async (request) => {
    const input = parse(refreshBody, request.body);
    const rotated = await tokens.rotateRefresh(db, input.refresh_token);
    if (!rotated) throw new ApiError(401, 'invalid_refresh_token', BAD_SESSION);
    const user = await findUserById(db, rotated.userId);
    if (!user) throw new ApiError(401, 'invalid_refresh_token', BAD_SESSION);
    return sessionFor(user, rotated.refresh);
  });

  // Echoes the presented (verified) token rather than minting one: renewing must go through a
  // refresh token, so a leaked access token cannot be kept alive forever.
  app.get('/api/auth/session', async (request) => {
    const user = await currentUser(request);
    return { data: { session: { access_token: bearerToken(request) } }, user: toClientUser(user) };
  });

  // Signing out ends every session of the account, on every device and API process: its refresh
  // tokens are revoked and its access tokens refused from now on (session-epochs.ts).
  app.post('/api/auth/signout', async (request, reply) => {
    await endSessions(db, requireUser(request).id);
    return reply.status(204).send();
  });

  app.put('/api/auth/update-phone', { config: perMinute(20) }, async (request) => {
    const caller = requireUser(request);
    const input = parse(phoneBody, request.body);
    const user = await updatePhone(db, caller.id, input.phone);
    if (!user) throw unauthorized(BAD_SESSION);
    return { user: toClientUser(user) };
  });
};
