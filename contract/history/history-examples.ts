import type { HistoryEntryView, HistoryPageView, HubAsOfView } from './history-schemas.js';
import { EXAMPLE_IDS, exampleHubPlace } from '../shared/example-data.js';

// The examples of the history endpoints in the API reference (history-endpoints.ts).

const ana = { id: EXAMPLE_IDS.ana, kind: 'user', role: 'user', name: 'Ana Souza' } as const;
const locker = { hub_id: 'SP-01', locker_id: EXAMPLE_IDS.lockerM, locker_order_number: 1, reservation_id: EXAMPLE_IDS.reservation };

const paid = {
  id: 'e8a3f1c7-4b2d-4e6a-9f0c-7d5b3a1e8c24',
  at: '2026-11-26T18:32:10.000Z',
  at_text: '26/11/2026 15:32:10',
  kind: 'paid',
  ...locker,
  actor: ana,
  sentence: 'Locker 01: pagamento de R$ 15,00 via Pix confirmado por Ana Souza.',
} satisfies HistoryEntryView;

const booked = {
  id: 'f1b7d3e9-2a6c-4f8e-b4d0-9c3e5a7f1b62',
  at: '2026-11-26T18:30:00.000Z',
  at_text: '26/11/2026 15:30:00',
  kind: 'booked',
  ...locker,
  actor: ana,
  sentence: 'Locker 01 (M) reservado por Ana Souza para 27/11/2026 11:00–13:00 (R$ 15,00).',
} satisfies HistoryEntryView;

/** Newest first; next_cursor asks for the older page. */
const page = { items: [paid, booked], next_cursor: 'eyJhdCI6IjIwMjYtMTEtMjZUMTg6MzA6MDAuMDAwWiJ9' } satisfies HistoryPageView;

/** SP-01 at 11:30 in São Paulo on the 27th: Ana's booking holds the medium locker. */
const asOf = {
  at: '2026-11-27T14:30:00.000Z',
  hub: {
    ...exampleHubPlace,
    latitude: -23.5614,
    longitude: -46.6559,
    image_url: '/files/hubs/sp-01-1795716000000-a3f9c21b7e04.webp',
    private: false,
    auto_registration: false,
    type: 'centralized',
    hardware: 'LK-31',
  },
  lockers: [
    {
      id: EXAMPLE_IDS.lockerM,
      order_number: 1,
      size: 'M',
      type: 'GMV',
      status: 'Ativo',
      price_per_hour: 7.5,
      bookings: [
        {
          reservation_id: EXAMPLE_IDS.reservation,
          user_name: 'Ana Souza',
          start_time: '2026-11-27T14:00:00.000Z',
          end_time: '2026-11-27T16:00:00.000Z',
          status: 'active',
        },
      ],
    },
  ],
} satisfies HubAsOfView;

export const historyExamples = {
  getHubHistory: { response: page },
  getLockerHistory: { response: page },
  getHubAsOf: { response: asOf },
};
