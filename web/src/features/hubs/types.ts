export type LockerSize = 'P' | 'M' | 'G' | 'X';

export interface SizeAvailability {
  total: number;
  available: number;
  price_per_hour: number | null;
}

export interface Locker {
  id: string;
  hub_id: string;
  order_number: number;
  size: LockerSize;
  type: 'GMV' | 'Drop-Off' | 'Pick-Up' | 'Tech';
  price_per_hour: number;
  status: 'Ativo' | 'Inativo';
  collect_number: string | null;
  available_now: boolean;
}

/**
 * A Hub as the admins' list sends it (GET /api/hubs with an admin's token): counts and prices
 * per size, no lockers, so a whole city fits one answer. The lockers come with the detail (HubWithLockers).
 */
export interface Hub {
  id: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  location: { latitude: number; longitude: number };
  image_url: string | null;
  private: boolean;
  autoRegistration: boolean;
  type: string;
  hardware: string;
  locker_count: number;
  lockers_available: number;
  availability: Record<LockerSize, SizeAvailability>;
}

/**
 * A Hub as the public lists send it (GET /api/hubs for anyone but an admin, /api/hubs/gmv): what
 * the map, its markers and its cards show. The CEP, description and the rest come with the detail.
 */
export type HubMapSummary = Pick<
  Hub,
  'id' | 'name' | 'address' | 'city' | 'state' | 'location' | 'image_url' | 'private' | 'locker_count' | 'lockers_available' | 'availability'
>;

/** GET /api/hubs/{id}: the Hub with its lockers (none on a private Hub the caller may not book). */
export interface HubWithLockers extends Hub {
  lockers: Locker[];
  has_access: boolean;
  /** Admins only. */
  secret_key?: string;
}

/** Size catalogue (spec §3). */
export const SIZE_CATALOGUE: Record<LockerSize, { name: string; dimensions: string; items: string[] }> = {
  P: { name: 'Pequeno', dimensions: '28x60x48 cm', items: ['Mochila', 'Notebook', 'Bolsa', 'Documentos'] },
  M: { name: 'Médio', dimensions: '38x60x48 cm', items: ['Mala de mão', 'Compras', 'Capacete', 'Equipamento esportivo'] },
  G: { name: 'Grande', dimensions: '60x80x48 cm', items: ['Mala grande', 'Caixas', 'Bagagem de viagem', 'Instrumentos'] },
  X: { name: 'Extra grande', dimensions: 'sob consulta', items: ['Volumes especiais'] },
};
