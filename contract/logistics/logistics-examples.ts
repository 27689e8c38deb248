import type { CollectionItemView, GeneratedOtpView, StaffHubDetailView, StaffHubSummaryView } from './logistics-schemas.js';
import { EXAMPLE_IDS, exampleHubPlace } from '../shared/example-data.js';

// The examples of the logistics endpoints in the API reference (logistics-endpoints.ts): Ana left
// her things in locker 01 of SP-01 for pickup, and Carlos Lima collects them.

const staffHub = {
  id: 'SP-01',
  name: 'Hub Paulista',
  address: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  locker_count: 2,
  active_count: 2,
} satisfies StaffHubSummaryView;

const staffHubDetail = {
  hub: { ...exampleHubPlace, image_url: '/files/hubs/sp-01-1795716000000-a3f9c21b7e04.webp', kind: 'centralized', hardware: 'LK-31' },
  counters: { lockers: 2, active_lockers: 2, inactive_lockers: 0, active_reservations: 0, pending_pickups: 1 },
  reservations: [
    {
      id: EXAMPLE_IDS.reservation,
      locker_id: EXAMPLE_IDS.lockerM,
      locker_order_number: 1,
      locker_size: 'M',
      user_id: EXAMPLE_IDS.ana,
      user_name: 'Ana Souza',
      start_time: '2026-11-27T14:00:00.000Z',
      end_time: '2026-11-27T16:00:00.000Z',
      status: 'awaiting_pickup',
      claimed_by: null,
      claimed_by_name: null,
    },
  ],
} satisfies StaffHubDetailView;

const waiting = {
  reservation_id: EXAMPLE_IDS.reservation,
  hub_id: 'SP-01',
  hub_name: 'Hub Paulista',
  locker_order_number: 1,
  locker_size: 'M',
  user_name: 'Ana Souza',
  left_for_pickup_at: '2026-11-27T15:10:00.000Z',
  claimed_by: null,
  claimed_by_name: null,
  status: 'awaiting_pickup',
} satisfies CollectionItemView;

const claimed = { ...waiting, claimed_by: EXAMPLE_IDS.carlos, claimed_by_name: 'Carlos Lima' } satisfies CollectionItemView;

const pickupCode = {
  otp: '615204',
  expiresAt: '2026-11-27T15:35:00.000Z',
  generatedAt: '2026-11-27T15:30:00.000Z',
  lockerInterface: 'LK-31:01',
  lockerOrder: 1,
  reservationId: EXAMPLE_IDS.reservation,
} satisfies GeneratedOtpView;

export const logisticsExamples = {
  listStaffHubs: { response: [staffHub] },
  getStaffHub: { response: staffHubDetail },
  listCollections: { response: [waiting] },
  claimCollection: { response: claimed },
  completeCollection: { response: { ...claimed, status: 'completed' } satisfies CollectionItemView },
  generatePickupCode: { body: { reservation_id: EXAMPLE_IDS.reservation }, response: pickupCode },
};
