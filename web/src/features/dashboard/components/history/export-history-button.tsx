import Download from 'lucide-react/icons/download';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useExportHistory } from '../../api/export-history';
import type { HistoryQuery, HistoryScope } from '../../api/get-history';

interface ExportHistoryButtonProps {
  scope: HistoryScope;
  id: string;
  query: HistoryQuery;
  fileName: string;
}

/** 'Exportar CSV': the whole history under the current filters, not only the loaded pages. */
export function ExportHistoryButton({ scope, id, query, fileName }: ExportHistoryButtonProps) {
  const exporting = useExportHistory();
  const run = () =>
    exporting.mutate(
      { scope, id, query, fileName },
      {
        onSuccess: () => toast.success('Histórico exportado.'),
        onError: (error) => toast.error(error.message || 'Erro ao exportar o histórico. Tente novamente.'),
      },
    );
  return (
    <Button variant="outline" onClick={run} disabled={exporting.isPending}>
      {exporting.isPending ? <RotateCw className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      Exportar CSV
    </Button>
  );
}
