import type { PartnerHubListView } from './partner-api-hubs.js';
import type { PartnerBookingInput, PartnerReservationDetailView, PartnerReservationPageView, PartnerReservationView } from './partner-api-reservations.js';
import { exampleHubPlace } from '../shared/example-data.js';

// The partner API's examples in the reference: Condomínio Residencial Aurora books the medium
// locker of its Hub SP-01 for a resident, Beatriz Lima, on 27/11/2026 11:00–13:00 in São Paulo.
// Types only are imported from the schemas.

const ids = {
  partner: '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08',
  reservation: 'e2a7c3d9-5b1f-4c8e-9a6d-0f3b7e1c5a92',
  older: '8f4b1e6c-2d9a-4f7e-b3c5-6a0d2e8f1b47',
} as const;

const hubs = {
  data: [
    {
      id: exampleHubPlace.id,
      name: exampleHubPlace.name,
      address: exampleHubPlace.address,
      city: exampleHubPlace.city,
      state: exampleHubPlace.state,
      private: true,
      availability: {
        P: { total: 0, available: 0, price_per_hour: null },
        M: { total: 4, available: 3, price_per_hour: 750 },
        G: { total: 2, available: 2, price_per_hour: 1200 },
        X: { total: 0, available: 0, price_per_hour: null },
      },
    },
  ],
  window: null,
} satisfies PartnerHubListView;

const booking = {
  hub_id: 'SP-01',
  size: 'M',
  start_time: '2026-11-27T11:00:00-03:00',
  end_time: '2026-11-27T13:00:00-03:00',
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com', phone: '(11) 98765-4321' },
} satisfies PartnerBookingInput;

const reservation = {
  id: ids.reservation,
  hub_id: 'SP-01',
  size: 'M',
  locker_number: 3,
  start_time: '2026-11-27T14:00:00.000Z',
  end_time: '2026-11-27T16:00:00.000Z',
  status: 'active',
  price: 1500,
  price_per_hour: 750,
  payment_method: 'partner_invoice',
  paid_at: '2026-11-26T18:30:00.000Z',
  created_at: '2026-11-26T18:30:00.000Z',
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com', phone: '11987654321' },
} satisfies PartnerReservationView;

const older = {
  ...reservation,
  id: ids.older,
  size: 'G',
  locker_number: 5,
  start_time: '2026-11-20T12:00:00.000Z',
  end_time: '2026-11-20T13:00:00.000Z',
  status: 'completed',
  price: 1200,
  price_per_hour: 1200,
  paid_at: '2026-11-19T21:02:00.000Z',
  created_at: '2026-11-19T21:02:00.000Z',
  customer: { name: 'Rafael Nunes', email: null, phone: '21998761234' },
} satisfies PartnerReservationView;

/** Booked the day before: no code until the window begins. */
const booked = { ...reservation, access_code: null } satisfies PartnerReservationDetailView;
const withCode = {
  ...reservation,
  access_code: { code: '482913', expires_at: '2026-11-27T14:05:00.000Z', expires_in: 187 },
} satisfies PartnerReservationDetailView;
const page = { data: [reservation, older], next_cursor: 'MjAyNi0xMS0xOVQyMTowMjowMC4wMDBafDhmNGIxZTZj' } satisfies PartnerReservationPageView;

export const partnerApiExamples = {
  ids,
  listHubs: { response: hubs },
  createReservation: { body: booking, response: booked },
  listReservations: { response: page },
  getReservation: { response: withCode },
  cancelReservation: { response: { ...reservation, status: 'cancelled' } satisfies PartnerReservationView },
};
