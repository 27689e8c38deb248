import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CollectionItem } from '../types';

/** GET /api/logistics/collections: the pickup queue of the caller's Hubs, oldest first. */
export const getCollections = (signal?: AbortSignal) => api.get<CollectionItem[]>('/logistics/collections', { signal });

export const collectionsQueryOptions = () => queryOptions({ queryKey: queryKeys.logistics.collections, queryFn: ({ signal }) => getCollections(signal) });

export const useCollections = () => useQuery(collectionsQueryOptions());
