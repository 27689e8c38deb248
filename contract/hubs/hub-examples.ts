import type { HubBodyRequest } from './hub-admin-schemas.js';
import type { HubDetailView } from './hub-schemas.js';
import { exampleHubDetail, exampleHubOnMap, exampleHubPlace } from '../shared/example-data.js';

// The examples of the Hub endpoints in the API reference (hub-endpoints.ts, hub-admin-endpoints.ts).

const newHub = {
  id: 'SP-01',
  name: 'Hub Paulista',
  address: 'Av. Paulista, 1000',
  zipcode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  description: exampleHubPlace.description,
  location: { latitude: -23.5614, longitude: -46.6559 },
  hardware: 'LK-31',
  lockers: [
    { size: 'M', type: 'GMV', price_per_hour: 7.5 },
    { size: 'G', type: 'GMV', price_per_hour: 12 },
  ],
} satisfies HubBodyRequest;

/** An admin sees the secret key the door controller signs with. */
const registered = {
  ...exampleHubDetail,
  locker_count: 2,
  lockers_available: 2,
  availability: { ...exampleHubDetail.availability, M: { total: 1, available: 1, price_per_hour: 7.5 } },
  lockers: exampleHubDetail.lockers.map((locker) => ({ ...locker, available_now: true })),
  secret_key: 'K7P2X9M4Q1',
} satisfies HubDetailView;

export const hubExamples = {
  listHubs: { response: [exampleHubOnMap] },
  listGmvHubs: { response: [exampleHubOnMap] },
  getHub: { response: exampleHubDetail },
  createHub: { body: newHub, response: registered },
  updateHub: {
    body: { description: 'No térreo, ao lado da recepção. Aberto das 6h às 23h.' } satisfies HubBodyRequest,
    response: { ...registered, description: 'No térreo, ao lado da recepção. Aberto das 6h às 23h.' },
  },
};
