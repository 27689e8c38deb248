import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { getHubHistory as GetHubHistory, getLockerHistory as GetLockerHistory } from '@contract/history/history-endpoints';
import type { InputOf } from '@contract/endpoint';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The audit trail (docs/admin-api.md "History"), newest first, one page per cursor.

export type HistoryScope = 'hub' | 'locker';

/** The server's filters as sent: ISO instants, kinds comma-separated, a locker of the Hub. */
export type HistoryQuery = Pick<NonNullable<InputOf<typeof GetHubHistory>['query']>, 'from' | 'to' | 'kind' | 'locker_id'>;

const PAGE_SIZE = 50;

export const historyPath = (scope: HistoryScope, id: string) =>
  scope === 'hub' ? `/hubs/${encodeURIComponent(id)}/history` : `/lockers/${encodeURIComponent(id)}/history`;

/** The query string of a history call: the filters that are set, plus `extra` (cursor, format). */
export function historySearch(query: HistoryQuery, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...extra })) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getHistory(scope: HistoryScope, id: string, query: HistoryQuery, cursor: string | null, signal?: AbortSignal) {
  const ask = { ...query, limit: PAGE_SIZE, cursor: cursor ?? undefined };
  if (scope === 'hub') return call<typeof GetHubHistory>('GET /api/hubs/{id}/history', { params: { id }, query: ask }, { signal });
  const { locker_id: _path, ...rest } = ask;
  return call<typeof GetLockerHistory>('GET /api/lockers/{id}/history', { params: { id }, query: rest }, { signal });
}

export const historyQueryOptions = (scope: HistoryScope, id: string, query: HistoryQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.history(scope, id, query),
    queryFn: ({ pageParam, signal }) => getHistory(scope, id, query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useHistory = (scope: HistoryScope, id: string, query: HistoryQuery) =>
  useInfiniteQuery({ ...historyQueryOptions(scope, id, query), enabled: Boolean(id) });
