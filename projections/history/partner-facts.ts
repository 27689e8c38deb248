import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { HistoryRow } from './history-rows.js';

// A Hub given to or taken from a partner (issue 27) is a fact of that Hub's audit trail. The
// partner's name comes in the event, so this projector reads no other read model.

export const isPartnerHubEvent = (event: Pick<StoredEvent, 'type'>) => event.type === 'PartnerHubAdded' || event.type === 'PartnerHubRemoved';

export function partnerHubRow(stored: StoredEvent): HistoryRow {
  const data = stored.data as { partnerId: string; hubId: string; partnerName: string };
  return {
    kind: stored.type === 'PartnerHubAdded' ? 'partner_hub_added' : 'partner_hub_removed',
    hubId: data.hubId,
    data: { partner_id: data.partnerId, partner_name: data.partnerName },
  };
}
