import Check from 'lucide-react/icons/check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import type { AccessRequestItem } from '../types';

const STATUS: Record<AccessRequestItem['status'], { label: string; variant: 'warning' | 'success' | 'destructive' | 'outline' }> = {
  pending: { label: 'Pendente', variant: 'warning' },
  granted: { label: 'Aprovada', variant: 'success' },
  denied: { label: 'Recusada', variant: 'destructive' },
  revoked: { label: 'Revogada', variant: 'outline' },
};

/** One request in the queue: who, which Hub, their message, when; a pending one's two buttons. */
export function RequestCard({ request, busy, onApprove, onDeny }: { request: AccessRequestItem; busy: boolean; onApprove: () => void; onDeny: () => void }) {
  const status = STATUS[request.status];
  const who = `${request.userName} → ${request.hubName ?? request.hubId}`;
  return (
    <Card data-testid="access-request">
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{request.userName}</h3>
            <Badge variant={status.variant}>{status.label}</Badge>
            {request.auto && <Badge variant="outline">Automática</Badge>}
          </div>
          <p className="break-words text-sm text-muted-foreground">{request.userEmail ?? '—'}</p>
          <p className="mt-1 text-sm">
            <span className="font-medium">{request.hubName ?? request.hubId}</span> <span className="text-muted-foreground">({request.hubId})</span>
          </p>
          {request.message && <p className="mt-2 break-words rounded-md bg-muted px-3 py-2 text-sm">“{request.message}”</p>}
          {request.status === 'denied' && request.reason && <p className="mt-2 text-sm text-muted-foreground">Motivo: {request.reason}</p>}
          <p className="mt-2 text-xs text-muted-foreground">
            Solicitada em {request.requestedAt ? formatDateTime(request.requestedAt) : '—'}
            {request.decidedAt && request.status !== 'pending'
              ? ` · decidida em ${formatDateTime(request.decidedAt)}${request.decidedByName ? ` por ${request.decidedByName}` : ''}`
              : ''}
          </p>
        </div>
        {request.status === 'pending' && (
          <div className="flex shrink-0 gap-2">
            <Button onClick={onApprove} disabled={busy} aria-label={`Aprovar: ${who}`}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Check aria-hidden />} Aprovar
            </Button>
            <Button variant="outline" onClick={onDeny} disabled={busy} aria-label={`Recusar: ${who}`}>
              <X aria-hidden /> Recusar
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
