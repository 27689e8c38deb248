import type { z } from 'zod';
import type { CreateUserBody, DeleteAccountBody, EnsureUserBody, UserUpdateBody } from './user-bodies.js';
import type { ClientUserView, DataExport, ProfileView } from './user-schemas.js';
import { EXAMPLE_IDS, exampleReservation, exampleUser } from '../shared/example-data.js';

// The examples of the users and profile endpoints in the API reference (user-endpoints.ts). Masks
// are accepted on the way in (CPF 529.982.247-25, CEP 01310-100) and answered as digits.

const carlos = {
  ...exampleUser,
  id: EXAMPLE_IDS.carlos,
  name: 'Carlos Lima',
  email: 'carlos@example.com',
  phone: '1134567890',
  role: 'logistics',
  cpf: null,
  address: null,
  address_number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  postal_code: null,
} satisfies ClientUserView;

const newCarlos = { name: 'Carlos Lima', email: 'carlos@example.com', phone: '(11) 3456-7890', role: 'logistics' } satisfies z.input<typeof CreateUserBody>;

const profileChange = {
  cpf: '529.982.247-25',
  address: 'Av. Paulista',
  address_number: '1000',
  complement: 'Apto 42',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postal_code: '01310-100',
} satisfies z.input<typeof UserUpdateBody>;

const profile = {
  ...exampleUser,
  confirmDeletionWith: 'password',
  email_confirmed: true,
  email_confirmed_at: '2026-11-20T12:04:51.000Z',
} satisfies ProfileView;

/** "Baixar meus dados": the reservation with its history, code hashes left out. */
const dataExport = {
  exported_at: '2026-11-28T10:00:00.000Z',
  account: { ...exampleUser, created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-26T18:20:00.000Z' },
  sessions: [{ created_at: '2026-11-26T18:30:00.000Z', expires_at: '2026-12-26T18:30:00.000Z', revoked_at: null }],
  staff_hubs: [],
  reservations: [
    {
      ...exampleReservation,
      history: [
        { type: 'ReservationCreated', at: '2026-11-26T18:30:00.000Z', data: { reservationId: EXAMPLE_IDS.reservation, hubId: 'SP-01', priceCents: 1500 } },
        { type: 'PaymentConfirmed', at: '2026-11-26T18:32:10.000Z', data: { reservationId: EXAMPLE_IDS.reservation, method: 'pix', amountCents: 1500 } },
      ],
    },
  ],
} satisfies z.output<typeof DataExport>;

export const userExamples = {
  listUsers: { response: [exampleUser, carlos] },
  createUser: { body: newCarlos, response: carlos },
  getUser: { response: exampleUser },
  getUserByEmail: { response: exampleUser },
  ensureUser: {
    body: { id: EXAMPLE_IDS.ana, name: 'Ana Souza', email: 'ana@example.com' } satisfies z.input<typeof EnsureUserBody>,
    response: { id: EXAMPLE_IDS.ana },
  },
  updateUser: { body: profileChange, response: exampleUser },
  getProfile: { response: profile },
  updateProfile: { body: profileChange, response: profile },
  exportMyData: { response: dataExport },
  deleteMyAccount: { body: { password: 'segredo123' } satisfies z.input<typeof DeleteAccountBody> },
};
