import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { LogisticsHubReservation } from '../types';
import { ReservationStatusBadge } from './reservation-status-badge';
import { formatSaoPauloDateTime } from '@/lib/sao-paulo-time';
import { padLockerNumber } from '@/lib/format';

/**
 * The Hub's reservations: locker (order and size), renter, start, end (São Paulo time), status.
 * Without `showRenter` (maintenance, docs/adr/0020: the server sends them no names) no renter column.
 */
export function HubReservationsTable({ reservations, showRenter = true }: { reservations: LogisticsHubReservation[]; showRenter?: boolean }) {
  if (reservations.length === 0)
    return <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">Nenhuma reserva neste Hub.</p>;
  return (
    // Its own scrolling wrapper (not <Table>'s): focusable, so keyboard users can scroll it on a phone.
    <div
      role="region"
      aria-label="Reservas do Hub"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full caption-bottom text-sm">
        <TableHeader>
          <TableRow>
            <TableHead>Locker</TableHead>
            {showRenter && <TableHead>Usuário</TableHead>}
            <TableHead>Início</TableHead>
            <TableHead>Fim</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reservations.map((r) => (
            <TableRow key={r.id}>
              <TableCell className="whitespace-nowrap font-medium">
                {padLockerNumber(r.locker_order_number)} <span className="text-muted-foreground">({r.locker_size})</span>
              </TableCell>
              {showRenter && <TableCell>{r.user_name ?? <code className="font-mono text-xs">{r.user_id}</code>}</TableCell>}
              <TableCell className="whitespace-nowrap">{formatSaoPauloDateTime(Date.parse(r.start_time))}</TableCell>
              <TableCell className="whitespace-nowrap">{formatSaoPauloDateTime(Date.parse(r.end_time))}</TableCell>
              <TableCell>
                <ReservationStatusBadge status={r.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
