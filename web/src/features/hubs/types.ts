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
  lockers: Locker[];
  has_access?: boolean;
}

/** Size catalogue (spec §3). */
export const SIZE_CATALOGUE: Record<LockerSize, { name: string; dimensions: string; items: string[] }> = {
  P: { name: 'Pequeno', dimensions: '28x60x48 cm', items: ['Mochila', 'Notebook', 'Bolsa', 'Documentos'] },
  M: { name: 'Médio', dimensions: '38x60x48 cm', items: ['Mala de mão', 'Compras', 'Capacete', 'Equipamento esportivo'] },
  G: { name: 'Grande', dimensions: '60x80x48 cm', items: ['Mala grande', 'Caixas', 'Bagagem de viagem', 'Instrumentos'] },
  X: { name: 'Extra grande', dimensions: 'sob consulta', items: ['Volumes especiais'] },
};
