import { SIZE_CATALOGUE, type LockerSize } from '@/features/hubs';
import type { ReservationStatus } from '../types';

export const CLOSED_STATUSES: ReservationStatus[] = ['completed', 'cancelled', 'expired'];
export const isClosed = (status: ReservationStatus) => CLOSED_STATUSES.includes(status);

export const lockerNumber = (order: number) => String(order).padStart(2, '0');
export const sizeLabel = (size: LockerSize) => `${SIZE_CATALOGUE[size]?.name ?? size} (${size})`;
export const reservationHours = (start: string, end: string) => Math.max(0, Math.ceil((new Date(end).getTime() - new Date(start).getTime()) / 3_600_000));
export const hoursLabel = (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`);

export const STATUS_BADGE: Record<ReservationStatus, 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning'> = {
  pending: 'warning',
  active: 'success',
  awaiting_pickup: 'outline',
  completed: 'secondary',
  cancelled: 'destructive',
  expired: 'secondary',
};
