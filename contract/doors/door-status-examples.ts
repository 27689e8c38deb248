import type { ControllerListItemView, HubDoorsView } from './door-status-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// SP-01's controller is online; Ana's locker 01 was opened by her code and closed again, locker 02
// was left open.

const controller = {
  status: 'online',
  last_seen_at: '2026-11-27T15:09:30.000Z',
  offline_since: null,
  offline_after_ms: 90000,
  checked_at: '2026-11-27T15:10:00.000Z',
} satisfies HubDoorsView['controller'];

const hubDoors = {
  hub_id: 'SP-01',
  controller,
  doors: [
    {
      locker_id: EXAMPLE_IDS.lockerM,
      locker_order: 1,
      state: 'closed',
      since: '2026-11-27T14:02:10.000Z',
      source: 'controller',
      reservation_id: EXAMPLE_IDS.reservation,
      offline: false,
    },
    {
      locker_id: EXAMPLE_IDS.lockerG,
      locker_order: 2,
      state: 'left_open',
      since: '2026-11-27T15:01:00.000Z',
      source: 'controller',
      reservation_id: null,
      offline: false,
    },
  ],
} satisfies HubDoorsView;

const list = [{ hub_id: 'SP-01', hub_name: 'Hub Paulista', ...controller }] satisfies ControllerListItemView[];

export const doorStatusExamples = {
  getHubDoors: { response: hubDoors },
  listControllers: { response: list },
};
