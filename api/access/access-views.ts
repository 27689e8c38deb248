import type { AccessState } from '../../domain/access/access-events.js';
import { accessRequestId } from '../../domain/access/access-events.js';
import type { AccessGrantView, AccessRequestItemView } from '../../contract/access/access-schemas.js';
import type { AccessRow } from '../../projections/access/queries.js';

// Access answers: from a command's own state (no read model needed to answer the writer), or from
// rm_hub_access rows with the names joined at query time.

export function grantView(hubId: string, userId: string, state: AccessState): AccessGrantView {
  return {
    id: accessRequestId(hubId, userId),
    hubId,
    userId,
    status: state.status,
    message: state.message,
    reason: state.reason,
    requestedAt: state.requestedAt,
    decidedAt: state.decidedAt,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function requestItemView(row: AccessRow): AccessRequestItemView {
  return {
    id: accessRequestId(row.hub_id, row.user_id),
    hubId: row.hub_id,
    hubName: row.hub_name,
    userId: row.user_id,
    userName: row.user_name ?? 'Usuário removido',
    userEmail: row.user_email,
    status: row.status,
    message: row.message,
    reason: row.reason,
    auto: row.auto,
    requestedAt: iso(row.requested_at),
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by,
    decidedByName: row.decided_by ? (row.decided_by_name ?? 'Usuário removido') : null,
  };
}
