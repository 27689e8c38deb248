import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { StorageKeys, storage } from '@/lib/storage';
import { historyPath, historySearch, type HistoryQuery, type HistoryScope } from './get-history';

// 'Exportar CSV': the whole filtered history as the server writes it (UTF-8 with BOM, ';').
// A plain link cannot carry the bearer token, so the file is fetched and handed over as a blob.

export async function fetchCsv(url: string, retried = false): Promise<Blob> {
  const token = storage.get(StorageKeys.authToken);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError(0, 'network_error', 'Não foi possível conectar ao servidor. Verifique sua conexão.');
  }
  // An access token past its 15 minutes: renew it once, as the JSON client does.
  if (response.status === 401 && token && !retried && (await refreshSession())) return fetchCsv(url, true);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'http_error', body?.error?.message ?? 'Erro ao exportar o histórico. Tente novamente.');
  }
  return response.blob();
}

export const exportHistory = (scope: HistoryScope, id: string, query: HistoryQuery) =>
  fetchCsv(`/api${historyPath(scope, id)}${historySearch(query, { format: 'csv' })}`);

/** Saves a blob under `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportHistory() {
  return useMutation({
    mutationFn: async ({ scope, id, query, fileName }: { scope: HistoryScope; id: string; query: HistoryQuery; fileName: string }) => {
      saveBlob(await exportHistory(scope, id, query), fileName);
    },
  });
}
