import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import KeyRound from 'lucide-react/icons/key-round';
import UserCheck from 'lucide-react/icons/user-check';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CollectionItem } from '../types';
import { logisticsHubPath, otpPath } from './logistics-paths';
import { waitingLabel } from './waiting-time';
import { formatSaoPauloDateTime } from '@/lib/sao-paulo-time';
import { padLockerNumber } from '@/lib/format';

interface CollectionCardProps {
  item: CollectionItem;
  now: number;
  /** The signed-in user: who may complete, and 'Você' instead of their name. */
  userId: string | undefined;
  isAdmin: boolean;
  busy: boolean;
  onClaim: () => void;
  onComplete: () => void;
}

/** One pickup in the queue: where, which locker, whose, how long it has waited, who has it. */
export function CollectionCard({ item, now, userId, isAdmin, busy, onClaim, onComplete }: CollectionCardProps) {
  const mine = item.claimed_by !== null && item.claimed_by === userId;
  return (
    <Card className="flex flex-col gap-4 p-5 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <h2 className="font-semibold">
          <Link to={logisticsHubPath(item.hub_id)} className="hover:underline">
            {item.hub_name ?? item.hub_id}
          </Link>{' '}
          · Locker {padLockerNumber(item.locker_order_number)} <span className="font-normal text-muted-foreground">({item.locker_size})</span>
        </h2>
        <p className="text-sm text-muted-foreground">Locatário: {item.user_name ?? '—'}</p>
        {item.left_for_pickup_at && (
          <p className="flex items-center gap-1.5 text-sm">
            <Clock className="size-4 text-muted-foreground" aria-hidden />
            <span>
              Aguardando {waitingLabel(item.left_for_pickup_at, now)}{' '}
              <span className="text-muted-foreground">(desde {formatSaoPauloDateTime(Date.parse(item.left_for_pickup_at))})</span>
            </span>
          </p>
        )}
        {item.claimed_by ? (
          <Badge variant={mine ? 'default' : 'secondary'}>
            <UserCheck className="size-3" aria-hidden /> {mine ? 'Assumida por você' : `Assumida por ${item.claimed_by_name ?? 'outro usuário'}`}
          </Badge>
        ) : (
          <Badge variant="outline">Aguardando Coleta</Badge>
        )}
      </div>
      {(!item.claimed_by || mine || isAdmin) && (
        <div className="flex flex-wrap gap-2">
          {!item.claimed_by && (
            <Button onClick={onClaim} disabled={busy}>
              <UserCheck aria-hidden /> Assumir
            </Button>
          )}
          {(mine || (isAdmin && item.claimed_by)) && (
            <>
              <Button asChild variant="outline">
                <Link to={otpPath(item.hub_id, item.reservation_id)}>
                  <KeyRound aria-hidden /> Gerar código
                </Link>
              </Button>
              <Button onClick={onComplete} disabled={busy}>
                <Check aria-hidden /> Concluir coleta
              </Button>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
