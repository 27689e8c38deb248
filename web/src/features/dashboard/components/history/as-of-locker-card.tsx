import { Badge } from '@/components/ui/badge';
import { STATUS_LABEL, type ReservationStatus } from '@/features/booking';
import { cn } from '@/lib/cn';
import type { AsOfLocker } from '../../api/get-hub-as-of';
import { formatWindow } from './sao-paulo-time';

const statusLabel = (status: string) => STATUS_LABEL[status as ReservationStatus] ?? status;

/** One locker at the chosen instant: number, size, type, status and the bookings open then. */
export function AsOfLockerCard({ locker }: { locker: AsOfLocker }) {
  const inactive = locker.status !== 'Ativo';
  return (
    <article className={cn('h-full space-y-3 rounded-md border p-4', inactive && 'bg-muted/60')}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          Locker {String(locker.order_number).padStart(2, '0')}{' '}
          <span className="font-normal text-muted-foreground">
            · {locker.size} · {locker.type}
          </span>
        </h3>
        <Badge variant={inactive ? 'secondary' : 'success'}>{locker.status}</Badge>
      </header>
      {locker.bookings.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sem reservas nesse instante.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {locker.bookings.map((b) => (
            <li key={b.reservation_id} className="rounded bg-muted/70 p-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{b.user_name || 'Usuário removido'}</span>
                <Badge variant={b.status === 'active' ? 'default' : 'outline'}>{statusLabel(b.status)}</Badge>
              </div>
              <p className="tabular-nums text-muted-foreground">{formatWindow(b.start_time, b.end_time)}</p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
