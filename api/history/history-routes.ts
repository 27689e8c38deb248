import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { EventStore } from '../../infra/eventstore/port.js';
import { HISTORY_KINDS, isHistoryKind } from '../../projections/history/history-kinds.js';
import { requireRole } from '../auth/guard.js';
import { badRequest, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { decodeCursor, encodeCursor } from './history-cursor.js';
import { csvFileName, historyCsv } from './history-csv.js';
import { toHistoryEntry } from './history-entry.js';
import type { HistoryFilter, HistoryScope } from './history-query.js';
import { historyScopeExists, keyOf, readHistory } from './history-query.js';
import { hubAsOf } from './hub-as-of.js';

// The locker history and "the Hub as it was at" (docs/admin-api.md, "History"): admins only.

export interface HistoryRoutesOptions {
  db: Pool;
  store: EventStore;
}

const instant = (message: string) => z.iso.datetime({ offset: true, message });

const HistoryQuery = z.object({
  from: instant('Data inicial inválida (ISO 8601).').optional(),
  to: instant('Data final inválida (ISO 8601).').optional(),
  kind: z
    .string()
    .max(400)
    .optional()
    .transform((value, ctx) => {
      const kinds = (value ?? '').split(',').map((k) => k.trim()).filter(Boolean);
      const unknown = kinds.find((k) => !isHistoryKind(k));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Tipo de evento desconhecido: ${unknown}. Use: ${HISTORY_KINDS.join(', ')}.` });
        return z.NEVER;
      }
      return kinds.filter(isHistoryKind);
    }),
  locker_id: z.uuid('ID do locker inválido').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number('Limite inválido').int('O limite deve ser inteiro.').min(1, 'O limite deve estar entre 1 e 200.').max(200, 'O limite deve estar entre 1 e 200.').default(50),
  format: z.enum(['json', 'csv'], 'Formato deve ser json ou csv').default('json'),
});

const LockerParams = z.object({ id: z.uuid('ID do locker inválido') });
const HubParams = z.object({ id: z.string().trim().min(1, 'Informe o Hub').max(64) });
const AsOfQuery = z.object({ at: instant('Informe o instante (at) em ISO 8601, por exemplo 2026-11-25T14:00:00-03:00.') });

export const historyRoutes: FastifyPluginAsync<HistoryRoutesOptions> = async (app, options) => {
  const { db, store } = options;

  async function answer(reply: FastifyReply, scope: HistoryScope, query: unknown, fileName: string, notFoundMessage: string) {
    const q = parse(HistoryQuery, query ?? {});
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw badRequest('validation_error', 'A data inicial deve ser anterior à data final.');
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    if (after === null) throw badRequest('invalid_cursor', 'Cursor inválido.');
    if (!(await historyScopeExists(db, scope))) throw notFound(notFoundMessage);
    const filter: HistoryFilter = { scope, lockerId: q.locker_id, from: q.from, to: q.to, kinds: q.kind };
    if (q.format === 'csv') {
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(fileName)}"`);
      return reply.send(historyCsv(db, filter));
    }
    // One more than asked says whether another page follows.
    const rows = await readHistory(db, { ...filter, after }, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return { items: page.map(toHistoryEntry), next_cursor: rows.length > q.limit && last ? encodeCursor(keyOf(last)) : null };
  }

  app.get('/api/lockers/:id/history', async (request, reply) => {
    requireRole(request, 'admin');
    const { id } = parse(LockerParams, request.params);
    // locker_id filters the Hub history only; here the path names the locker.
    const query = { ...(request.query as object), locker_id: undefined };
    return answer(reply, { lockerId: id }, query, `locker-${id}`, 'Locker não encontrado');
  });

  app.get('/api/hubs/:id/history', async (request, reply) => {
    requireRole(request, 'admin');
    const { id } = parse(HubParams, request.params);
    return answer(reply, { hubId: id }, request.query, id, 'Hub não encontrado');
  });

  app.get('/api/hubs/:id/as-of', async (request) => {
    requireRole(request, 'admin');
    const { id } = parse(HubParams, request.params);
    const { at } = parse(AsOfQuery, request.query ?? {});
    return hubAsOf(db, store, id, new Date(at));
  });
};
