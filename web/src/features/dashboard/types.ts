import type { DashboardStatsView, DashboardSummaryView, DayStatsView, OperatorView } from '@contract/dashboard/dashboard-schemas';
import type { HistoryEntryView, HistoryKindValue, HistoryPageView } from '@contract/history/history-schemas';
import type { HubBodyRequest } from '@contract/hubs/hub-admin-schemas';
import type { LockerBodyInput, LockerChangeShape, MovedReservationShape, UnmovedReservationShape } from '@contract/lockers/locker-schemas';
import type { HardwareValue, HubKindValue } from '@contract/shared/hub-fields';
import type { HubWithLockers, Locker, LockerSize } from '../hubs/types';

// The admin API's shapes, as the contract declares them (contract/hubs, lockers, dashboard,
// history). Locker prices are in reais per hour on the wire.

export type { Locker, LockerSize };
export type LockerType = Locker['type'];
export type LockerStatus = Locker['status'];

/** GET /api/hubs/{id} as an admin sees it: the detail with its lockers and the secret key. */
export type AdminHub = HubWithLockers;

export type HubHardware = HardwareValue;
export type HubType = HubKindValue;

/** The dashboard's POST /api/hubs and PUT /api/hubs/{id} body (PUT takes any subset). */
export type HubInput = HubBodyRequest;

/** POST /api/lockers and PUT /api/lockers/{id}. */
export type LockerInput = LockerBodyInput;

/** A reservation a deactivation moved to another locker of the same size. */
export type MovedReservation = MovedReservationShape;
/** A reservation no free locker could take: it stays on the deactivated locker. */
export type UnmovedReservation = UnmovedReservationShape;
/** PUT /api/lockers/{id} and POST /api/lockers/{id}/toggle-status. */
export type LockerChange = LockerChangeShape;

export type Operator = OperatorView;
/** GET /api/dashboard/summary. */
export type DashboardSummary = DashboardSummaryView;
/** One day of GET /api/dashboard/stats (date YYYY-MM-DD in America/Sao_Paulo). */
export type DailyStat = DayStatsView;
export type DashboardStats = DashboardStatsView;

/** The history's kinds: the API's own list (contract/history/history-kinds.ts). */
export type HistoryKind = HistoryKindValue;
/** One line of GET /api/lockers/{id}/history or /api/hubs/{id}/history. */
export type HistoryEntry = HistoryEntryView;
export type HistoryPage = HistoryPageView;
