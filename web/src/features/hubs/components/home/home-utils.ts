import { formatReais } from '@/lib/format';
import type { HubMapSummary, LockerSize, SizeAvailability } from '../../types';

// Pure helpers shared by the Home page's list, map, hover card and side sheet.

/** The sizes a renter chooses from on the Home page (X exists but is not offered here). */
export const HOME_SIZES = ['P', 'M', 'G'] as const satisfies readonly LockerSize[];

/** Spec §9: default centre when there are no Hubs, and the default zoom. */
export const DEFAULT_CENTER = { lat: -23.5505, lng: -46.6333 } as const;
export const DEFAULT_ZOOM = 13;

export type LatLng = { lat: number; lng: number };

const EMPTY: SizeAvailability = { total: 0, available: 0, price_per_hour: null };

export const sizeAvailability = (hub: HubMapSummary, size: LockerSize): SizeAvailability => hub.availability?.[size] ?? EMPTY;

/** '1 disponível', 'N disponíveis' or 'Indisponível'. */
export const availabilityLabel = (available: number) => (available === 0 ? 'Indisponível' : `${available} ${available === 1 ? 'disponível' : 'disponíveis'}`);

/** 'R$ 5,00/h', or a dash when the Hub has no locker of that size. */
export const pricePerHourLabel = (price: number | null | undefined) => (price == null ? '—' : `${formatReais(price)}/h`);

export const availableLockers = (hub: HubMapSummary) =>
  hub.lockers_available ?? HOME_SIZES.reduce((sum, size) => sum + sizeAvailability(hub, size).available, 0);

export const hasCoordinates = (hub: HubMapSummary) =>
  Number.isFinite(hub.location?.latitude) && Number.isFinite(hub.location?.longitude) && !(hub.location.latitude === 0 && hub.location.longitude === 0);

export const hubPosition = (hub: HubMapSummary): LatLng => ({ lat: hub.location.latitude, lng: hub.location.longitude });

/** Spec §9: the average of the Hubs' coordinates, or São Paulo when there are none. */
export function mapCenter(hubs: HubMapSummary[]): LatLng {
  const located = hubs.filter(hasCoordinates);
  if (located.length === 0) return { ...DEFAULT_CENTER };
  const sum = located.reduce((acc, hub) => ({ lat: acc.lat + hub.location.latitude, lng: acc.lng + hub.location.longitude }), { lat: 0, lng: 0 });
  return { lat: sum.lat / located.length, lng: sum.lng / located.length };
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const km = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
export const formatDistance = (kmValue: number) =>
  kmValue < 1 ? `${Math.round(kmValue * 1000)} m` : `${kmValue < 100 ? km.format(kmValue) : Math.round(kmValue).toLocaleString('pt-BR')} km`;

export const cityState = (hub: HubMapSummary) => [hub.city, hub.state].filter(Boolean).join(' - ');
