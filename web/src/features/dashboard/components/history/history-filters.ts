import type { HistoryQuery } from '../../api/get-history';
import type { HistoryKind } from '../../types';
import { isHistoryKind } from './history-labels';
import { nextDay, saoPauloToIso } from './sao-paulo-time';

// The filters live in the URL (?de=YYYY-MM-DD&ate=YYYY-MM-DD&tipo=booked,paid&locker=…&em=…), so
// a filtered view can be reloaded, shared and walked with the back button.

export interface HistoryFilters {
  /** First day shown, São Paulo calendar, or null for the beginning. */
  from: string | null;
  /** Last day shown (inclusive), or null for today. */
  to: string | null;
  kinds: HistoryKind[];
  /** Hub history only: one of its lockers. */
  lockerId: string | null;
}

export const PARAM = { from: 'de', to: 'ate', kinds: 'tipo', locker: 'locker', asOf: 'em' } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (value: string | null) => (value && DATE.test(value) && saoPauloToIso(value) ? value : null);

export function readFilters(params: URLSearchParams): HistoryFilters {
  const kinds = (params.get(PARAM.kinds) ?? '').split(',').filter(isHistoryKind);
  return {
    from: dateParam(params.get(PARAM.from)),
    to: dateParam(params.get(PARAM.to)),
    kinds: [...new Set(kinds)],
    lockerId: params.get(PARAM.locker) || null,
  };
}

/** `params` with the filters replaced (other parameters, such as the as-of instant, kept). */
export function writeFilters(params: URLSearchParams, filters: HistoryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set(PARAM.from, filters.from);
  set(PARAM.to, filters.to);
  set(PARAM.kinds, filters.kinds.join(','));
  set(PARAM.locker, filters.lockerId);
  return next;
}

export const hasFilters = (f: HistoryFilters) => Boolean(f.from || f.to || f.kinds.length || f.lockerId);

/** The server's query: whole São Paulo days, from the first day's 00:00 to the last day's end. */
export function toHistoryQuery(filters: HistoryFilters): HistoryQuery {
  let { from, to } = filters;
  if (from && to && from > to) [from, to] = [to, from];
  const end = to ? saoPauloToIso(nextDay(to)) : null;
  return {
    from: from ? (saoPauloToIso(from) ?? undefined) : undefined,
    to: end ? new Date(new Date(end).getTime() - 1).toISOString() : undefined,
    kind: filters.kinds.length ? filters.kinds.join(',') : undefined,
    locker_id: filters.lockerId ?? undefined,
  };
}
