import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatReais } from '@/lib/format';
import type { Locker } from '../../types';
import { padLocker } from './locker-moves';

interface LockersTableProps {
  lockers: Locker[];
  onEdit: (locker: Locker) => void;
  onRemove: (locker: Locker) => void;
}

function Actions({ locker, onEdit, onRemove }: { locker: Locker } & Omit<LockersTableProps, 'lockers'>) {
  const n = padLocker(locker.order_number);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Editar locker ${n}`} onClick={() => onEdit(locker)}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" className="text-destructive" aria-label={`Remover locker ${n}`} onClick={() => onRemove(locker)}>
        <Trash2 aria-hidden />
      </Button>
    </>
  );
}

const StatusBadge = ({ status }: { status: Locker['status'] }) => <Badge variant={status === 'Ativo' ? 'success' : 'secondary'}>{status}</Badge>;

/** The Hub's lockers: a table from 640 px, a list of rows below (each with its two actions in view). */
export function LockersTable({ lockers, onEdit, onRemove }: LockersTableProps) {
  return (
    <>
      <ul className="flex flex-col divide-y rounded-lg border sm:hidden">
        {lockers.map((locker) => (
          <li key={locker.id} className="flex items-center gap-3 p-3">
            <span className="w-8 text-lg font-semibold tabular-nums">{padLocker(locker.order_number)}</span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">
                {locker.size} · {locker.type} · <span className="tabular-nums">{formatReais(locker.price_per_hour)}/h</span>
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <StatusBadge status={locker.status} />
                {locker.collect_number && <span>Porta de Coleta {locker.collect_number}</span>}
              </div>
            </div>
            <div className="flex shrink-0">
              <Actions locker={locker} onEdit={onEdit} onRemove={onRemove} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden rounded-lg border sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Nº</TableHead>
              <TableHead>Tamanho</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Preço/hora</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Porta de Coleta</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lockers.map((locker) => (
              <TableRow key={locker.id}>
                <TableCell className="font-semibold tabular-nums">{padLocker(locker.order_number)}</TableCell>
                <TableCell>{locker.size}</TableCell>
                <TableCell>{locker.type}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatReais(locker.price_per_hour)}</TableCell>
                <TableCell>
                  <StatusBadge status={locker.status} />
                </TableCell>
                <TableCell>{locker.collect_number ?? '—'}</TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <Actions locker={locker} onEdit={onEdit} onRemove={onRemove} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
