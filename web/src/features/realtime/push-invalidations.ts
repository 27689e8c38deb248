import { queryKeys } from '../../lib/query-keys';

// Which queries a server push makes stale. Pushes only name what changed; every screen that shows
// it must be listed here, or it stays as it was until a reload (issue 24 item 17: the logistics
// Hub detail and a second profile page did).

type QueryKey = readonly unknown[];

/**
 * 'hub:changed' (every socket, after any batch touching the Hub: a booking, payment, cancel,
 * expiry, pickup or locker change): the public detail and lists, and the logistics card grid and
 * Hub detail, whose counters and reservation table follow the Hub's reservations.
 */
export const keysForHubChanged = (hubId: string): QueryKey[] => [
  queryKeys.hubs.detail(hubId),
  queryKeys.hubs.lists,
  queryKeys.logistics.hub(hubId),
  queryKeys.logistics.hubs,
];

/**
 * 'reservation:changed' (only the renter's own sockets, room user:{id}): that reservation, and the
 * renter's reservation lists, which the profile shows in every open tab, and the notices (a
 * reminder or overdue notice is a fact on one of the renter's reservations, issue 28 item 7).
 */
export const keysForReservationChanged = (reservationId: string): QueryKey[] => [
  queryKeys.reservations.detail(reservationId),
  queryKeys.reservations.byUserAll,
  queryKeys.notifications.list,
];

/**
 * 'access:changed' (the renter's own sockets and admins', issue 26): a grant to that Hub was asked,
 * granted, denied or revoked. The Hub's detail (lockers appear or go), the lists (my Hubs) and
 * every access read (the renter's check, the admins' queue and the Hub's members).
 */
export const keysForAccessChanged = (hubId: string): QueryKey[] => [queryKeys.hubs.detail(hubId), queryKeys.hubs.lists, queryKeys.access.all];

/**
 * 'staff:changed' (the operator's own sockets and the admins', issue 26): the operator's logistics
 * screens (Hub list, detail, Coletas) and the admins' teams and operator editors.
 */
export const keysForStaffChanged: QueryKey[] = [queryKeys.logistics.all, queryKeys.admin.staff];

/**
 * 'settings:changed' (every socket, issue 27): the platform's settings changed: the maintenance
 * banner of the public pages and the admins' settings screen.
 */
export const keysForSettingsChanged: QueryKey[] = [queryKeys.settings.all];

/**
 * 'doors:changed' (admins' and logistics sockets, issue 29 item 4): a door reported a state or a
 * controller went offline or came back at these Hubs: their doors and the controllers' badges.
 */
export const keysForDoorsChanged = (hubIds: readonly string[]): QueryKey[] => [...hubIds.map((id) => queryKeys.doors.hub(id)), queryKeys.doors.controllers];

/**
 * 'alerts:changed' (staff sockets: the room 'logistics', admins included; issue 29): an alert of
 * those Hubs was raised, acknowledged or resolved: the 'Alertas' page and the sidebar's count.
 */
export const keysForAlertsChanged: QueryKey[] = [queryKeys.alerts.all];
