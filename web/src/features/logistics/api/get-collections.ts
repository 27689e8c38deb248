import { queryOptions, useQuery } from '@tanstack/react-query';
import type { listCollections } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/logistics/collections: the pickup queue of the caller's Hubs, oldest first. */
export const getCollections = (signal?: AbortSignal) => call<typeof listCollections>('GET /api/logistics/collections', {}, { signal });

export const collectionsQueryOptions = () => queryOptions({ queryKey: queryKeys.logistics.collections, queryFn: ({ signal }) => getCollections(signal) });

export const useCollections = () => useQuery(collectionsQueryOptions());
