import CheckCircle2 from 'lucide-react/icons/circle-check';
import Eye from 'lucide-react/icons/eye';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, padLockerNumber } from '@/lib/format';
import { ALERT_STATUS_LABELS, alertKindLabel } from '../labels';
import type { AlertItem } from '../types';

const STATUS_VARIANT = { open: 'destructive', acknowledged: 'warning', resolved: 'success' } as const;

interface AlertCardProps {
  alert: AlertItem;
  busy: boolean;
  onAcknowledge: () => void;
  onResolve: () => void;
}

/** One alert: what, Hub and locker, when, its status and who moved it on; the actions it still allows. */
export function AlertCard({ alert, busy, onAcknowledge, onResolve }: AlertCardProps) {
  const title = alertKindLabel(alert.kind);
  const place = `${alert.hub_name ?? alert.hub_id} (${alert.hub_id})${alert.locker_order != null ? ` · Locker ${padLockerNumber(alert.locker_order)}` : ''}`;
  return (
    <article aria-label={`${title} — ${place}`} className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <TriangleAlert
          className={alert.status === 'resolved' ? 'mt-0.5 size-5 shrink-0 text-muted-foreground' : 'mt-0.5 size-5 shrink-0 text-destructive'}
          aria-hidden
        />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{title}</h3>
            <Badge variant={STATUS_VARIANT[alert.status]}>{ALERT_STATUS_LABELS[alert.status]}</Badge>
          </div>
          <p className="text-sm">{place}</p>
          <p className="text-sm text-muted-foreground">
            {formatDateTime(alert.occurred_at)}
            {alert.source === 'renter' ? ' · relatado pelo cliente' : ''}
          </p>
          {alert.repeat_count > 0 && (
            <p className="text-sm font-medium">
              Repetiu {alert.repeat_count} {alert.repeat_count === 1 ? 'vez' : 'vezes'}, a última em {formatDateTime(alert.last_occurred_at)}
            </p>
          )}
          {alert.acknowledged_by && (
            <p className="text-sm text-muted-foreground">
              Reconhecido por {alert.acknowledged_by.name}
              {alert.acknowledged_at ? ` em ${formatDateTime(alert.acknowledged_at)}` : ''}
            </p>
          )}
          {alert.resolved_by && (
            <p className="text-sm text-muted-foreground">
              Resolvido por {alert.resolved_by.name}
              {alert.resolved_at ? ` em ${formatDateTime(alert.resolved_at)}` : ''}
              {alert.note ? ` — ${alert.note}` : ''}
            </p>
          )}
        </div>
      </div>
      {alert.status !== 'resolved' && (
        <div className="flex shrink-0 gap-2">
          {alert.status === 'open' && (
            <Button variant="outline" size="sm" disabled={busy} onClick={onAcknowledge} aria-label={`Reconhecer: ${title}, ${place}`}>
              <Eye aria-hidden /> Reconhecer
            </Button>
          )}
          <Button size="sm" disabled={busy} onClick={onResolve} aria-label={`Resolver: ${title}, ${place}`}>
            <CheckCircle2 aria-hidden /> Resolver
          </Button>
        </div>
      )}
    </article>
  );
}
