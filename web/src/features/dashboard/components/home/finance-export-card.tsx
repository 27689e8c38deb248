import Download from 'lucide-react/icons/download';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { todayInSaoPaulo, useExportFinanceDay } from '../../api/export-finance';

/** 'Financeiro do dia': the CSV of one day's payments and refunds (paid, refunded, net) for reconciliation. */
export function FinanceExportCard() {
  const id = useId();
  const today = todayInSaoPaulo();
  const [date, setDate] = useState(today);
  const exporting = useExportFinanceDay();
  const run = () =>
    exporting.mutate(date, {
      onSuccess: () => toast.success('Relatório financeiro exportado.'),
      onError: (error) => toast.error(error.message || 'Erro ao exportar o relatório. Tente novamente.'),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Financeiro do dia</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-date`}>Dia (horário de São Paulo)</Label>
          <Input id={`${id}-date`} type="date" value={date} max={today} required onChange={(e) => setDate(e.target.value)} className="w-full sm:w-48" />
        </div>
        <Button variant="outline" onClick={run} disabled={exporting.isPending || !date}>
          {exporting.isPending ? <RotateCw className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          Baixar CSV (pagamentos e reembolsos)
        </Button>
      </CardContent>
    </Card>
  );
}
