import type { PartnerHubView, PartnerUserView, PartnerView } from '@contract/partners/partner-schemas';

// The Partners feature's shapes: the contract's, never a copy.
export type Partner = PartnerView;
export type PartnerUser = PartnerUserView;
export type PartnerHub = PartnerHubView;
export type { PartnerHistoryEntryView as PartnerHistoryEntry } from '@contract/partners/partner-history';
