// Rows and lockers for the Hub read path's specs: the fixture Hub of the domain's specs as the
// read model holds it, and one active P locker (no holds unless given).
import { details } from '../../domain/hubs/hub-spec-fixtures.js';
import { hubRowOf } from '../../projections/hubs/queries.js';
import type { LockerState } from './hub-availability.js';
import type { HubRow } from './hub-loader.js';

export const testHubRow = (id: string, over: Partial<HubRow> = {}): HubRow => ({ ...hubRowOf(id, details, 'S'), name: `Hub ${id}`, ...over });

export const testLocker = (over: Partial<LockerState> = {}): LockerState => ({
  id: 'l',
  hubId: 'AA-00',
  orderNumber: 1,
  size: 'P',
  type: 'GMV',
  pricePerHourCents: 500,
  status: 'Ativo',
  collectNumber: null,
  holds: [],
  ...over,
});
