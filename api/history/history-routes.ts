import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { getHubAsOf, getHubHistory, getLockerHistory } from '../../contract/history/history-endpoints.js';
import type { HistoryPageView } from '../../contract/history/history-schemas.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { HistoryKind } from '../../projections/history/history-kinds.js';
import { requireRole } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { badRequest, notFound } from '../http/errors.js';
import { decodeCursor, encodeCursor } from './history-cursor.js';
import { csvFileName, historyCsv } from './history-csv.js';
import { toHistoryEntry } from './history-entry.js';
import type { HistoryFilter, HistoryScope } from './history-query.js';
import { historyScopeExists, keyOf, readHistory } from './history-query.js';
import { hubAsOf } from './hub-as-of.js';

// The locker history and "the Hub as it was at" (contract/history/history-endpoints.ts): admins only.

export interface HistoryRoutesOptions {
  db: Pool;
  store: EventStore;
}

interface HistoryAsk {
  from?: string;
  to?: string;
  kind: HistoryKind[];
  locker_id?: string;
  cursor?: string;
  limit: number;
  format: 'json' | 'csv';
}

export const historyRoutes: FastifyPluginAsync<HistoryRoutesOptions> = async (app, options) => {
  const { db, store } = options;

  async function answer(
    reply: FastifyReply,
    scope: HistoryScope,
    q: HistoryAsk,
    fileName: string,
    notFoundMessage: string,
  ): Promise<HistoryPageView | FastifyReply> {
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw badRequest('validation_error', 'A data inicial deve ser anterior à data final.');
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    if (after === null) throw badRequest('invalid_cursor', 'Cursor inválido.');
    if (!(await historyScopeExists(db, scope))) throw notFound(notFoundMessage);
    const filter: HistoryFilter = { scope, lockerId: q.locker_id, from: q.from, to: q.to, kinds: q.kind };
    if (q.format === 'csv') {
      void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFileName(fileName)}"`);
      return reply.send(historyCsv(db, filter));
    }
    // One more than asked says whether another page follows.
    const rows = await readHistory(db, { ...filter, after }, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return { items: page.map(toHistoryEntry), next_cursor: rows.length > q.limit && last ? encodeCursor(keyOf(last)) : null };
  }

  route(app, getLockerHistory, async (request, reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    // The path names the locker (the query's locker_id filters the Hub history only).
    return answer(reply, { lockerId: id }, input.query(), `locker-${id}`, 'Locker não encontrado');
  });

  route(app, getHubHistory, async (request, reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    return answer(reply, { hubId: id }, input.query(), id, 'Hub não encontrado');
  });

  route(app, getHubAsOf, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    const { at } = input.query();
    return hubAsOf(db, store, id, new Date(at));
  });
};
