import type { HubDetails } from '../../domain/hubs/hub-events.js';

/** A plain public Hub in São Paulo, named for its id: what tests and benchmarks register. */
export const testHubDetails = (hubId: string, overrides: Partial<HubDetails> = {}): HubDetails => ({
  name: `Hub ${hubId}`,
  address: 'Rua Teste, 1',
  zipcode: '01000-000',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  description: 'Hub de teste',
  latitude: -23.55,
  longitude: -46.63,
  imageUrl: null,
  private: false,
  autoRegistration: false,
  kind: 'centralized',
  hardware: 'LK-31',
  ...overrides,
});
