import type { HubDetails, HubState, Locker, LockerSize } from '../hubs/hub-events.js';

// The simulated Hubs a sandbox token books (issue 27 item 5, docs/sandbox.md): a fixed set, the
// same for every partner, written here as Hub states so the booking rules of domain/reservations
// run on them unchanged. They are no Hub stream, no read model row and no controller: nothing
// outside the sandbox can list, map, count or open them. Each partner's bookings on them are its
// own (sandbox_reservations), so two partners never see each other's tests.
//
// TESTE-02 has a single X locker on purpose: it is the "last free locker" to race for.

const SAMPLE_DETAILS: Omit<HubDetails, 'name' | 'address' | 'description' | 'latitude' | 'longitude'> = {
  zipcode: '01310100',
  city: 'São Paulo',
  state: 'SP',
  country: 'Brasil',
  imageUrl: null,
  private: false,
  autoRegistration: false,
  kind: 'centralized',
  hardware: 'Outro',
};

/** Price per hour in cents of each size, as a typical Hub charges. */
export const SANDBOX_PRICES: Readonly<Record<LockerSize, number>> = { P: 500, M: 750, G: 1000, X: 1500 };

// Locker ids are fixed UUIDs (hub number, locker number), so a test that books TESTE-01's locker 3
// today books the same locker tomorrow.
const lockerId = (hub: number, order: number) => `5a4d0000-0000-4000-8000-${hub.toString(16).padStart(4, '0')}${order.toString(16).padStart(8, '0')}`;

function lockers(hub: number, counts: Record<LockerSize, number>): Locker[] {
  const sizes = (Object.keys(counts) as LockerSize[]).flatMap((size) => Array.from({ length: counts[size] }, () => size));
  return sizes.map((size, i) => ({
    lockerId: lockerId(hub, i + 1),
    orderNumber: i + 1,
    size,
    type: 'GMV',
    pricePerHourCents: SANDBOX_PRICES[size],
    status: 'Ativo',
    collectNumber: null,
  }));
}

const hub = (n: number, name: string, address: string, counts: Record<LockerSize, number>, at: [number, number]): HubState => ({
  status: 'registered',
  hubId: `TESTE-0${n}`,
  secretKey: '',
  details: { ...SAMPLE_DETAILS, name, address, description: 'Hub simulado do sandbox: nenhuma reserva aqui é real.', latitude: at[0], longitude: at[1] },
  lockers: lockers(n, counts),
});

export const SANDBOX_HUBS: readonly HubState[] = [
  hub(1, 'Hub de Teste Paulista', 'Av. Paulista, 1000', { P: 3, M: 3, G: 2, X: 2 }, [-23.5614, -46.6558]),
  hub(2, 'Hub de Teste Pinheiros', 'R. dos Pinheiros, 500', { P: 2, M: 2, G: 1, X: 1 }, [-23.5664, -46.6847]),
];

/** A simulated Hub by id (case-insensitive, as Hub ids are), or undefined. */
export const sandboxHub = (hubId: string): HubState | undefined => SANDBOX_HUBS.find((h) => h.status === 'registered' && h.hubId === hubId.toUpperCase());
