import { useMutation } from '@tanstack/react-query';
import type { getFinanceDay } from '@contract/refunds/refund-endpoints';
import type { RouteKey } from '@contract/endpoint';
import { saoPauloParts } from '@/lib/sao-paulo-time';
import { fetchCsv, saveBlob } from './export-history';

// The finance day (issue 28): payments and refunds of a São Paulo day as the server writes them.

const ROUTE: RouteKey<typeof getFinanceDay> = 'GET /api/finance/daily.csv';

/** Today in São Paulo as the date input wants it (YYYY-MM-DD). */
export function todayInSaoPaulo(now = Date.now()): string {
  const [day, month, year] = saoPauloParts(now).date.split('/');
  return `${year}-${month}-${day}`;
}

export function useExportFinanceDay() {
  return useMutation({
    mutationFn: async (date: string) => {
      saveBlob(await fetchCsv(`${ROUTE.slice('GET '.length)}?date=${encodeURIComponent(date)}`), `financeiro-${date}.csv`);
    },
  });
}
