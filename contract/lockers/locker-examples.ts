import type { LockerBodyInput, LockerChangeShape } from './locker-schemas.js';
import { EXAMPLE_IDS, exampleLocker, exampleLockerG } from '../shared/example-data.js';

// The examples of the locker endpoints in the API reference (locker-endpoints.ts).

/** Deactivating the medium locker moves Ana's booking to a free one of the same size. */
const deactivated = {
  ...exampleLocker,
  status: 'Inativo',
  available_now: false,
  moved: [
    {
      reservation_id: EXAMPLE_IDS.reservation,
      start_time: '2026-11-27T14:00:00.000Z',
      end_time: '2026-11-27T16:00:00.000Z',
      to_locker_id: '2c8e4a6f-9b1d-4f3e-a7c5-6d0b2e8f4a19',
      to_order_number: 3,
    },
  ],
  unmoved: [],
} satisfies LockerChangeShape;

export const lockerExamples = {
  listHubLockers: { response: [exampleLocker, exampleLockerG] },
  getLocker: { response: exampleLocker },
  createLocker: {
    body: { hub_id: 'SP-01', size: 'G', type: 'GMV', price_per_hour: 12, status: 'Ativo' } satisfies LockerBodyInput,
    response: exampleLockerG,
  },
  updateLocker: { body: { status: 'Inativo' } satisfies LockerBodyInput, response: deactivated },
  toggleLockerStatus: { response: deactivated },
};
