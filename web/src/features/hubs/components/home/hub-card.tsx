import ArrowRight from 'lucide-react/icons/arrow-right';
import Lock from 'lucide-react/icons/lock';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import type { HubMapSummary } from '../../types';
import { HubImage } from './hub-image';
import { cityState } from './home-utils';
import { SizeAvailabilityList } from './size-availability';

/** A Hub in the list: the whole card is one link to /hubs/{id}. */
export function HubCard({ hub }: { hub: HubMapSummary }) {
  return (
    <Link
      to={`/hubs/${encodeURIComponent(hub.id)}`}
      data-testid="hub-card"
      data-hub-id={hub.id}
      className="group flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-lg focus-visible:outline-offset-4"
    >
      <div className="relative">
        <HubImage hub={hub} className="h-36 transition-transform duration-300 group-hover:scale-[1.02]" />
        {hub.private && (
          <Badge variant="secondary" className="absolute top-3 left-3 bg-card/95 shadow-sm">
            <Lock className="size-3" aria-hidden /> Privado
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="space-y-1.5">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 text-lg leading-tight font-semibold break-words">{hub.name}</h2>
            <Badge variant="outline" className="shrink-0 font-mono">
              {hub.id}
            </Badge>
          </div>
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 break-words">
              {hub.address}
              {cityState(hub) && <span className="block text-xs">{cityState(hub)}</span>}
            </span>
          </p>
        </div>
        <SizeAvailabilityList hub={hub} withTestIds />
        <span className="mt-auto inline-flex items-center gap-1.5 text-sm font-medium text-primary">
          Ver detalhes
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </span>
      </div>
    </Link>
  );
}
