import History from 'lucide-react/icons/history';
import Power from 'lucide-react/icons/power';
import PowerOff from 'lucide-react/icons/power-off';
import RotateCw from 'lucide-react/icons/rotate-cw';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SIZE_CATALOGUE } from '@/features/hubs';
import { cn } from '@/lib/cn';
import { formatReais, padLockerNumber } from '@/lib/format';
import type { Locker } from '../../types';

interface LockerCardProps {
  locker: Locker;
  isAdmin: boolean;
  historyTo: string;
  /** Non-admins get 'Reservar' on active lockers (spec "{product} detail (admin)"). */
  bookTo: string;
  toggling: boolean;
  onToggle: (locker: Locker) => void;
  /** The door's last reported state (issue 29), when it reported one. */
  door?: ReactNode;
}

/** One locker: number, size, type, price per hour, status; inactive ones are dimmed. */
export function LockerCard({ locker, isAdmin, historyTo, bookTo, toggling, onToggle, door }: LockerCardProps) {
  const active = locker.status === 'Ativo';
  const number = padLockerNumber(locker.order_number);
  return (
    <article
      className={cn('flex h-full flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm', !active && 'border-dashed bg-muted/70 shadow-none')}
      aria-label={`Locker ${number}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className={cn('text-2xl font-bold tabular-nums', !active && 'text-muted-foreground')}>{number}</h3>
          <p className="text-sm text-muted-foreground">
            {SIZE_CATALOGUE[locker.size]?.name ?? locker.size} ({locker.size})
          </p>
        </div>
        <Badge variant={active ? 'success' : 'secondary'}>{locker.status}</Badge>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Tipo</dt>
          <dd className="font-medium">{locker.type}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Preço</dt>
          <dd className="font-medium tabular-nums">{formatReais(locker.price_per_hour)}/h</dd>
        </div>
        {door && (
          <div className="col-span-2">
            <dt className="text-muted-foreground">Porta</dt>
            <dd>{door}</dd>
          </div>
        )}
        {locker.collect_number && (
          <div className="col-span-2">
            <dt className="text-muted-foreground">Porta de Coleta</dt>
            <dd className="font-medium">{locker.collect_number}</dd>
          </div>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        {isAdmin ? (
          <Button
            size="sm"
            variant={active ? 'outline' : 'default'}
            onClick={() => onToggle(locker)}
            disabled={toggling}
            aria-label={`${active ? 'Marcar como Inativo' : 'Ativar Locker'}: locker ${number}`}
          >
            {toggling ? <RotateCw className="animate-spin" aria-hidden /> : active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {active ? 'Marcar como Inativo' : 'Ativar Locker'}
          </Button>
        ) : (
          active &&
          locker.type === 'GMV' && (
            <Button size="sm" asChild>
              <Link to={bookTo}>Reservar</Link>
            </Button>
          )
        )}
        {isAdmin && (
          <Button size="sm" variant="ghost" asChild>
            <Link to={historyTo} aria-label={`Histórico do locker ${number}`}>
              <History aria-hidden /> Histórico
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}
