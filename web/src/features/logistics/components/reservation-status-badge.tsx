import { Badge } from '@/components/ui/badge';
import type { LogisticsReservationStatus } from '../types';

// Spec §3 status badges: Ativo default, Concluído secondary, Cancelado destructive, Aguardando Coleta outline.
const LABELS: Record<LogisticsReservationStatus, string> = {
  pending: 'Pendente',
  active: 'Ativo',
  awaiting_pickup: 'Aguardando Coleta',
  completed: 'Concluído',
  cancelled: 'Cancelado',
  expired: 'Expirado',
};

const VARIANTS: Record<LogisticsReservationStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'outline',
  active: 'default',
  awaiting_pickup: 'outline',
  completed: 'secondary',
  cancelled: 'destructive',
  expired: 'secondary',
};

export const statusLabel = (status: LogisticsReservationStatus) => LABELS[status] ?? status;

export const ReservationStatusBadge = ({ status }: { status: LogisticsReservationStatus }) => (
  <Badge variant={VARIANTS[status] ?? 'outline'}>{statusLabel(status)}</Badge>
);
