// What a shared link to a Hub previews: its name, address and the lockers free now per size
// ("P: 3 livres · M: 1 livre"), and its photo. The sizes free change with time alone (a booking
// starts or ends), so each answer says until when it holds (the span the availability narrows).
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import type { Span } from '../hubs/hub-availability.js';
import { ALWAYS, hubAvailability } from '../hubs/hub-availability.js';
import type { CachedHub } from '../hubs/hub-cache.js';
import type { PageMeta } from './page-meta.js';

export const DEFAULT_IMAGE_PATH = '/og-default.png';

/** "P: 3 livres · M: 1 livre"; sizes the Hub does not rent are left out. */
export function sizesFree(bySize: Record<string, { total: number; available: number }>): string {
  return LOCKER_SIZES.filter((size) => (bySize[size]?.total ?? 0) > 0)
    .map((size) => {
      const free = bySize[size]!.available;
      return `${size}: ${free} ${free === 1 ? 'livre' : 'livres'}`;
    })
    .join(' · ');
}

/** An absolute http(s) address for a Hub's photo (uploads are stored as /files/… paths); else the default image. */
export function imageUrl(imageUrl: string | null, appUrl: string): string {
  if (imageUrl) {
    try {
      const url = new URL(imageUrl, appUrl);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    } catch {
      // an unusable photo address previews the default image
    }
  }
  return `${appUrl}${DEFAULT_IMAGE_PATH}`;
}

export function hubPageUrl(appUrl: string, hubId: string): string {
  return `${appUrl}/hubs/${encodeURIComponent(hubId)}`;
}

export function hubMeta(hub: CachedHub, nowMs: number, appUrl: string): { meta: PageMeta; span: Span } {
  const span = ALWAYS();
  const h = hub.row;
  const place = [h.address, [h.city, h.state].filter(Boolean).join(' - ')].filter(Boolean).join(', ');
  let availability: string;
  if (h.private) {
    availability = 'Hub privado: reservas para quem tem acesso.';
  } else {
    const sizes = sizesFree(hubAvailability(hub.lockers, nowMs, span).bySize);
    availability = sizes ? `Lockers livres agora: ${sizes}. Reserve por hora.` : 'Reserve um locker por hora.';
  }
  return {
    span,
    meta: {
      title: `${h.name} · Hub`,
      description: `${place}. ${availability}`,
      url: hubPageUrl(appUrl, h.id),
      image: imageUrl(h.image_url, appUrl),
      imageAlt: h.image_url ? `Foto do ${h.name}` : 'Hub: lockers por hora',
      noindex: h.private,
    },
  };
}
