import type { HubDetailView, HubMapSummaryView, HubSummaryView, LockerSizeValue, LockerViewShape } from '@contract/hubs/hub-schemas';

// The Hub read path's shapes, as the contract declares them (contract/hubs/hub-schemas.ts).

export type LockerSize = LockerSizeValue;
export type Locker = LockerViewShape;
/** A Hub as the admins' list sends it: counts and prices per size, no lockers. */
export type Hub = HubSummaryView;
/** A Hub as the public lists send it: what the map, its markers and its cards show. */
export type HubMapSummary = HubMapSummaryView;
/** GET /api/hubs/{id}: the Hub with its lockers (none on a private Hub the caller may not book). */
export type HubWithLockers = HubDetailView;
/** One size's count and price in a Hub's availability. */
export type SizeAvailability = HubSummaryView['availability'][LockerSize];

/** Size catalogue (spec §3). */
export const SIZE_CATALOGUE: Record<LockerSize, { name: string; dimensions: string; items: string[] }> = {
  P: { name: 'Pequeno', dimensions: '28x60x48 cm', items: ['Mochila', 'Notebook', 'Bolsa', 'Documentos'] },
  M: { name: 'Médio', dimensions: '38x60x48 cm', items: ['Mala de mão', 'Compras', 'Capacete', 'Equipamento esportivo'] },
  G: { name: 'Grande', dimensions: '60x80x48 cm', items: ['Mala grande', 'Caixas', 'Bagagem de viagem', 'Instrumentos'] },
  X: { name: 'Extra grande', dimensions: 'sob consulta', items: ['Volumes especiais'] },
};
