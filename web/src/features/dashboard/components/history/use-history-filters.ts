import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readFilters, writeFilters, type HistoryFilters } from './history-filters';

/** The history filters read from and written to the URL's search parameters. */
export function useHistoryFilters(): [HistoryFilters, (next: HistoryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // Replace, not push: a date typed digit by digit must not fill the back button's history.
  const setFilters = useCallback((next: HistoryFilters) => setParams((current) => writeFilters(current, next), { replace: true }), [setParams]);
  return [filters, setFilters];
}
