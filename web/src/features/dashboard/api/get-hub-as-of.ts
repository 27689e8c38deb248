import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getHubAsOf as GetHubAsOf } from '@contract/history/history-endpoints';
import type { AsOfBookingView, AsOfLockerView, HubAsOfView } from '@contract/history/history-schemas';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// GET /api/hubs/{id}/as-of?at=ISO: the Hub and its reservations folded up to that instant.

export type AsOfBooking = AsOfBookingView;
export type AsOfLocker = AsOfLockerView;
/** The hub is null when it did not exist yet (or no longer) at that instant. */
export type HubAsOf = HubAsOfView;

export const getHubAsOf = (hubId: string, at: string, signal?: AbortSignal) =>
  call<typeof GetHubAsOf>('GET /api/hubs/{id}/as-of', { params: { id: hubId }, query: { at } }, { signal });

// The past does not change: kept as long as the page lives (a push still invalidates ['admin']).
export const hubAsOfQueryOptions = (hubId: string, at: string) =>
  queryOptions({ queryKey: queryKeys.admin.asOf(hubId, at), queryFn: ({ signal }) => getHubAsOf(hubId, at, signal), staleTime: Infinity });

/** Loads nothing until an instant is picked. */
export const useHubAsOf = (hubId: string, at: string | null) => useQuery({ ...hubAsOfQueryOptions(hubId, at ?? ''), enabled: Boolean(hubId && at) });
