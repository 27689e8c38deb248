import type { HubDetailView, HubMapSummaryView, LockerViewShape } from '../hubs/hub-schemas.js';
import type { ReservationView } from '../reservations/reservation-schemas.js';
import type { ClientUserView } from '../users/user-schemas.js';

// The story the API reference's examples tell (the `examples` of contract/*/…-examples.ts): Ana
// Souza books the medium locker of Hub Paulista, SP-01, for 27/11/2026 11:00–13:00 in São Paulo,
// and logistics' Carlos Lima serves that Hub. One set of ids and names, so the examples of
// different endpoints agree with each other. Types only are imported: no schema is loaded here.

export const EXAMPLE_IDS = {
  ana: '3f6c2a1e-8b4d-4c7a-9e2f-5d1b7a9c0e42',
  carlos: '7d2b9f14-3c6e-4a81-b5d9-0e4f6a2c8b13',
  admin: 'a1c5e7f9-2b4d-4f6a-8c0e-1d3f5b7a9c2e',
  lockerM: '9a7d3c52-1f4e-4b8a-a6d0-2c5e8f1b3d77',
  lockerG: '5e1f8b3a-7c2d-4e9f-b0a6-3d8c1e5f7a24',
  reservation: 'c4d1e9f0-6a2b-4e3c-8d7f-1b5a9e2c6f30',
  requestId: '0b9e4d2a-6f1c-4a7e-9d3b-8c5f2e1a7b60',
} as const;

/** Ana's account as the API answers it: CPF, phone and CEP stored without their masks. */
export const exampleUser = {
  id: EXAMPLE_IDS.ana,
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '11987654321',
  role: 'user',
  isAdmin: false,
  avatar_url: null,
  rg: null,
  cpf: '52998224725',
  cnpj: null,
  address: 'Av. Paulista',
  address_number: '1000',
  complement: 'Apto 42',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postal_code: '01310100',
  partner_id: null,
  hidePublics: false,
} as const satisfies ClientUserView;

export const exampleHubPlace = {
  id: 'SP-01',
  name: 'Hub Paulista',
  address: 'Av. Paulista, 1000',
  zipcode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  description: 'No térreo do edifício, ao lado da recepção. Aberto das 7h às 22h.',
} as const;

const availability = {
  P: { total: 0, available: 0, price_per_hour: null },
  M: { total: 1, available: 0, price_per_hour: 7.5 },
  G: { total: 1, available: 1, price_per_hour: 12 },
  X: { total: 0, available: 0, price_per_hour: null },
};

/** SP-01 as the map shows it: the medium locker is taken, the large one free. */
export const exampleHubOnMap = {
  id: exampleHubPlace.id,
  name: exampleHubPlace.name,
  address: exampleHubPlace.address,
  city: exampleHubPlace.city,
  state: exampleHubPlace.state,
  location: { latitude: -23.5614, longitude: -46.6559 },
  image_url: '/files/hubs/sp-01-1795716000000-a3f9c21b7e04.webp',
  private: false,
  locker_count: 2,
  lockers_available: 1,
  availability,
} satisfies HubMapSummaryView;

/** The medium locker, number 1, R$ 7,50 per hour (prices travel in reais). */
export const exampleLocker = {
  id: EXAMPLE_IDS.lockerM,
  hub_id: 'SP-01',
  order_number: 1,
  size: 'M',
  type: 'GMV',
  price_per_hour: 7.5,
  status: 'Ativo',
  collect_number: null,
  available_now: false,
} as const satisfies LockerViewShape;

export const exampleLockerG = {
  ...exampleLocker,
  id: EXAMPLE_IDS.lockerG,
  order_number: 2,
  size: 'G',
  price_per_hour: 12,
  available_now: true,
} as const satisfies LockerViewShape;

/** GET /api/hubs/SP-01 for a signed-in user: everything but the secret key. */
export const exampleHubDetail = {
  ...exampleHubPlace,
  ...exampleHubOnMap,
  autoRegistration: false,
  type: 'centralized',
  hardware: 'LK-31',
  lockers: [exampleLocker, exampleLockerG],
  has_access: true,
} satisfies HubDetailView;

/** Ana's reservation once paid by Pix: two hours at R$ 7,50, R$ 15,00 (the total in cents). */
export const exampleReservation = {
  id: EXAMPLE_IDS.reservation,
  user_id: EXAMPLE_IDS.ana,
  hub_id: 'SP-01',
  locker_id: EXAMPLE_IDS.lockerM,
  start_time: '2026-11-27T14:00:00.000Z',
  end_time: '2026-11-27T16:00:00.000Z',
  status: 'active',
  price: 1500,
  price_per_hour: 7.5,
  payment_method: 'pix',
  paid_at: '2026-11-26T18:32:10.000Z',
  code_expires_at: '2026-11-27T14:05:00.000Z',
  payment_due_at: null,
  created_at: '2026-11-26T18:30:00.000Z',
  // Paid by the PIX charge of its booking (a PSP's dynamic BR Code: its location, no txid in it).
  payment: {
    method: 'pix',
    status: 'CONCLUIDA',
    brcode:
      '00020101021226810014br.gov.bcb.pix2559pix.psp.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25520400005303986540515.005802BR5903HUB6009SAO PAULO62070503***6304B2D1',
    txid: 'Hc4d1e9f06a2b4e3c8d7f1b5a9e2c6f3001',
    expires_at: '2026-11-26T18:45:00.000Z',
    test: false,
  },
  hub: { id: 'SP-01', name: 'Hub Paulista', address: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP' },
  locker: { id: EXAMPLE_IDS.lockerM, size: 'M', order_number: 1 },
} as const satisfies ReservationView;
