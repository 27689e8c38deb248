import { useQuery } from '@tanstack/react-query';
import type { getHubDoors, listControllers } from '@contract/doors/door-status-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import { nextDoorsRead } from '../door-labels';

// A Hub's controller and doors (staff of the Hub): `doors:changed` pushes refetch it; the poll
// catches what a socket missed, and an online controller is read again when it would turn offline.
export const getDoors = (hubId: string, signal?: AbortSignal) => call<typeof getHubDoors>('GET /api/hubs/{hubId}/doors', { params: { hubId } }, { signal });

export const useHubDoors = (hubId: string) =>
  useQuery({
    queryKey: queryKeys.doors.hub(hubId),
    queryFn: ({ signal }) => getDoors(hubId, signal),
    enabled: hubId !== '',
    refetchInterval: (query) => nextDoorsRead(query.state.data?.controller),
  });

/** Every Hub's controller the caller works: the badges of the Hub lists. */
export const getControllers = (signal?: AbortSignal) => call<typeof listControllers>('GET /api/controllers', {}, { signal });

export const useControllers = () =>
  useQuery({
    queryKey: queryKeys.doors.controllers,
    queryFn: ({ signal }) => getControllers(signal),
    refetchInterval: (query) => Math.min(...(query.state.data ?? []).map((c) => nextDoorsRead(c)), 30_000),
  });
