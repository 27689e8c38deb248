import type { StaffEvent } from '../../domain/staff/staff-events.js';
import type { HistoryRow } from './history-rows.js';

// Staff assignment events → history rows of the Hubs they touched (issue 26 item 6): one
// 'staff_assigned' per Hub gained and one 'staff_unassigned' per Hub lost. The row's renter_id
// column holds the operator (the person the entry is about), so the trail reads their name from
// users at query time like a renter's, and an erased operator reads as one.

export function staffRows(event: StaffEvent): HistoryRow[] {
  const { userId, added, removed, reason } = event.data;
  const row = (kind: HistoryRow['kind'], hubId: string, part: number): HistoryRow => ({ part, kind, hubId, renterId: userId, data: { reason } });
  return [...added.map((hubId, i) => row('staff_assigned', hubId, i)), ...removed.map((hubId, i) => row('staff_unassigned', hubId, added.length + i))];
}
