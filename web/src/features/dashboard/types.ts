import type { UploadAnswerView, UploadFolderName } from '@contract/uploads/upload-endpoints';
import type { HistoryKind } from '../../lib/history-labels';
import type { HubWithLockers, Locker, LockerSize } from '../hubs/types';

// The admin API's shapes (docs/admin-api.md). Locker prices are in reais per hour on the wire.

export type { Locker, LockerSize };
export type LockerType = Locker['type'];
export type LockerStatus = Locker['status'];

/** GET /api/hubs/{id} as an admin sees it: the detail with its lockers and the secret key. */
export type AdminHub = HubWithLockers & { secret_key?: string };

export type HubHardware = 'LK-31' | 'LK-60' | 'LK-ABS' | 'Outro';
export type HubType = 'centralized' | 'decentralized';

/** The dashboard's POST /api/hubs and PUT /api/hubs/{id} body (PUT takes any subset). */
export interface HubInput {
  id: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  location: { latitude: number; longitude: number };
  image_url: string | null;
  secretKey: string;
  private: boolean;
  autoRegistration: boolean;
  type: HubType;
  hardware: HubHardware;
  lockers?: Array<Pick<Locker, 'size' | 'type' | 'price_per_hour' | 'status' | 'collect_number'>>;
}

/** POST /api/lockers and PUT /api/lockers/{id}. */
export interface LockerInput {
  hub_id: string;
  order_number: number;
  size: LockerSize;
  type: LockerType;
  price_per_hour: number;
  status: LockerStatus;
  collect_number: string | null;
}

/** A reservation a deactivation moved to another locker of the same size. */
export interface MovedReservation {
  reservation_id: string;
  start_time: string;
  end_time: string;
  to_locker_id: string;
  to_order_number: number;
}

/** A reservation no free locker could take: it stays on the deactivated locker. */
export interface UnmovedReservation {
  reservation_id: string;
  start_time: string;
  end_time: string;
  user_name: string;
}

/** PUT /api/lockers/{id} and POST /api/lockers/{id}/toggle-status. */
export type LockerChange = Locker & { moved: MovedReservation[]; unmoved: UnmovedReservation[] };

/** POST /api/upload. */
/** POST /api/upload's answer and folders (contract/uploads). */
export type UploadResult = UploadAnswerView;
export type UploadFolder = UploadFolderName;

export interface Operator {
  id: string;
  name: string;
  email: string;
  role: string;
  is_master: boolean;
}

/** GET /api/dashboard/summary. */
export interface DashboardSummary {
  hubs: { total: number };
  lockers: { total: number; active: number; inactive: number };
  operators: { total: number; list: Operator[] };
  status: { status: 'ok' | 'degraded' | 'down'; label: string; problems: string[] };
}

/** One day of GET /api/dashboard/stats (date YYYY-MM-DD in America/Sao_Paulo). */
export interface DailyStat {
  date: string;
  booked_hours: number;
  capacity_hours: number;
  occupancy_pct: number;
  revenue_cents: number;
}
export interface DashboardStats {
  days: DailyStat[];
}

/** The history's kinds: the API's own list (projections/history/history-kinds.ts). */
export type { HistoryKind };

/** One line of GET /api/lockers/{id}/history or /api/hubs/{id}/history. */
export interface HistoryEntry {
  id: string;
  at: string;
  at_text: string;
  kind: HistoryKind;
  hub_id: string;
  locker_id: string | null;
  locker_order_number: number | null;
  reservation_id: string | null;
  actor: { id: string | null; kind: 'user' | 'system' | 'worker'; role: string | null; name: string | null };
  sentence: string;
}
export interface HistoryPage {
  items: HistoryEntry[];
  next_cursor: string | null;
}
