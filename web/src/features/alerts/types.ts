import type { AlertListView, AlertView } from '@contract/alerts/alert-schemas';

// The alerts feature's data shapes, as the contract declares them (contract/alerts).

/** An alert as staff see it: what, where, when, and who acknowledged or resolved it. */
export type AlertItem = AlertView;
export type AlertList = AlertListView;
