import type { LockerSize } from '@/features/hubs';

export type ReservationStatus = 'pending' | 'active' | 'awaiting_pickup' | 'completed' | 'cancelled' | 'expired';

export interface Reservation {
  id: string;
  user_id: string;
  hub_id: string;
  locker_id: string;
  start_time: string;
  end_time: string;
  status: ReservationStatus;
  /** Cents. */
  price: number;
  price_per_hour: number;
  payment_method: 'credit_card' | 'pix' | null;
  paid_at: string | null;
  code_expires_at: string | null;
  /**
   * ISO 8601: an unpaid reservation holds its locker only until then, after which the server
   * expires it. Null (or absent, from older servers) when paid or free.
   */
  payment_due_at?: string | null;
  created_at: string;
  hub: { id: string; name: string | null; address: string | null; city: string | null; state: string | null };
  locker: { id: string; size: LockerSize; order_number: number };
  /** Only in the response of the booking that issued it (null when its window had not begun). */
  access_code?: string | null;
}

/** What both access-code calls answer (GET: the current code; POST: a fresh one). */
export interface AccessCode {
  code: string;
  expiresAt: string;
  /** Seconds the code has left, by the server's clock (at most 300, less near the reservation's end). */
  expiresIn: number;
  reservationId: string;
}

export const STATUS_LABEL: Record<ReservationStatus, string> = {
  pending: 'Pendente',
  active: 'Ativa',
  awaiting_pickup: 'Aguardando Coleta',
  completed: 'Concluída',
  cancelled: 'Cancelada',
  expired: 'Expirada',
};
