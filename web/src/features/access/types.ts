import type { AccessRequestItemView } from '@contract/access/access-schemas';

// The access feature's data shapes, as the contract declares them (contract/access).

/** A request or grant as admins see it: renter, Hub, message, status and times. */
export type AccessRequestItem = AccessRequestItemView;
