import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LockerSize, LockerStatus, LockerType } from '../types';

// GET /api/hubs/{id}/as-of?at=ISO: the Hub and its reservations folded up to that instant.

export interface AsOfBooking {
  reservation_id: string;
  user_name: string | null;
  start_time: string;
  end_time: string;
  status: string;
}

export interface AsOfLocker {
  id: string;
  order_number: number;
  size: LockerSize;
  type: LockerType;
  status: LockerStatus;
  price_per_hour: number;
  bookings: AsOfBooking[];
}

export interface HubAsOf {
  at: string;
  /** Null when the Hub did not exist yet (or no longer) at that instant. */
  hub: { id: string; name: string; address: string; city: string; state: string } | null;
  lockers: AsOfLocker[];
}

export const getHubAsOf = (hubId: string, at: string, signal?: AbortSignal) =>
  api.get<HubAsOf>(`/hubs/${encodeURIComponent(hubId)}/as-of?at=${encodeURIComponent(at)}`, { signal });

// The past does not change: kept as long as the page lives (a push still invalidates ['admin']).
export const hubAsOfQueryOptions = (hubId: string, at: string) =>
  queryOptions({ queryKey: queryKeys.admin.asOf(hubId, at), queryFn: ({ signal }) => getHubAsOf(hubId, at, signal), staleTime: Infinity });

/** Loads nothing until an instant is picked. */
export const useHubAsOf = (hubId: string, at: string | null) => useQuery({ ...hubAsOfQueryOptions(hubId, at ?? ''), enabled: Boolean(hubId && at) });
