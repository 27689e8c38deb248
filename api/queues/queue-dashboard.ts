// bull-board at /admin/queues: the BullMQ queues of every job name, for admins only (an admin's
// bearer token, or the cookie a ticket gives: queue-passes.ts). bull-board serves its own page,
// scripts and styles from node_modules; nothing comes from a CDN but an optional web font,
// which the page does without. Without BullMQ (the in-process queue of `npm start` with no
// REDIS_URL) there is no dashboard: /admin/queues answers 404 saying so.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import { JOB_NAMES } from '../../commands/job-names.js';
import { createQueueTicket, getQueueDashboard } from '../../contract/operations/operations-endpoints.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { isAdmin, requireRole } from '../auth/guard.js';
import type { TokenService } from '../auth/tokens.js';
import { route } from '../contract/route.js';
import { ApiError, errorBody } from '../http/errors.js';
import { PASS_COOKIE, PASS_SECONDS, TICKET_SECONDS, cookieValue, queuePasses } from './queue-passes.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

export interface QueueDashboardOptions {
  queue: JobQueue;
  tokens: TokenService;
  clock: () => Date;
  /** The cookie is Secure when the app is served over https (APP_URL). */
  secureCookies: boolean;
}

const withBullQueues = (queue: JobQueue): (JobQueue & { bullQueues(names: readonly string[]): Queue[] }) | null =>
  'bullQueues' in queue && typeof queue.bullQueues === 'function' ? (queue as JobQueue & { bullQueues(names: readonly string[]): Queue[] }) : null;

const unavailable = () =>
  new ApiError(404, 'queues_unavailable', 'O painel de filas precisa do BullMQ (REDIS_URL); neste modo os trabalhos rodam no próprio processo.');

export const queueDashboard: FastifyPluginAsync<QueueDashboardOptions> = async (app, opts) => {
  const passes = queuePasses(opts.tokens);
  const bull = withBullQueues(opts.queue);

  route(app, createQueueTicket, async (request, reply) => {
    const user = requireRole(request, 'admin');
    // Said before the browser leaves the app, so the dashboard's button can tell the admin why.
    if (!bull) throw unavailable();
    reply.status(201);
    const ticket = passes.issue('ticket', user.id, opts.clock().getTime());
    return { ticket, url: `${QUEUE_DASHBOARD_PATH}?ticket=${encodeURIComponent(ticket)}`, expires_in: TICKET_SECONDS };
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => admit(request, reply));
    if (!bull) {
      route(scope, getQueueDashboard, async () => {
        throw unavailable();
      });
      return;
    }
    // Loaded only with BullMQ: `npm start` without Redis never pays for bull-board's import.
    const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullMQAdapter'),
      import('@bull-board/fastify'),
    ]);
    const board = new FastifyAdapter();
    createBullBoard({
      queues: bull.bullQueues(JOB_NAMES).map((q) => new BullMQAdapter(q)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Hub: filas' } },
    });
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    await scope.register(board.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });

  /** Sent from the hook: bull-board's routes have an error handler of their own that would make a throw a 500. */
  function refuse(reply: FastifyReply, status: number, code: string, message: string) {
    return reply.code(status).header('cache-control', 'no-store').send(errorBody(code, message));
  }

  /**
   * An admin's bearer token, or the pass cookie; a ticket in the query is traded for the cookie
   * and the browser sent to the same page without it (the ticket leaves the address bar).
   */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const now = opts.clock().getTime();
    const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
    if (typeof ticket === 'string') {
      const userId = passes.verify('ticket', ticket, now);
      if (!userId) return refuse(reply, 401, 'unauthorized', 'Ingresso do painel de filas inválido ou expirado.');
      const secure = opts.secureCookies ? '; Secure' : '';
      const pass = passes.issue('pass', userId, now);
      void reply.header('set-cookie', `${PASS_COOKIE}=${pass}; Path=${QUEUE_DASHBOARD_PATH}; Max-Age=${PASS_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
      return reply.redirect(QUEUE_DASHBOARD_PATH, 303);
    }
    if (passes.verify('pass', cookieValue(request.headers.cookie, PASS_COOKIE), now)) return undefined;
    if (!request.user) return refuse(reply, 401, 'unauthorized', 'Autenticação necessária');
    if (!isAdmin(request.user)) return refuse(reply, 403, 'forbidden', 'Acesso negado');
    return undefined;
  }
};
