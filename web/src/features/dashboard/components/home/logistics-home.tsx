import Building2 from 'lucide-react/icons/building-2';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Truck from 'lucide-react/icons/truck';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';

const SCREENS = [
  { to: '/dashboard/logistics/hubs', title: 'Hubs', text: 'Veja os Hubs, os seus lockers e as reservas.', icon: Building2 },
  { to: '/dashboard/logistics/collections', title: 'Coletas', text: 'Acompanhe as coletas pendentes.', icon: Truck },
];

/**
 * The logistics (and maintenance) home: their screens as links (the admin summary is not theirs to
 * read); maintenance has no Coletas (docs/adr/0020).
 */
export function LogisticsHome({ pickups = true }: { pickups?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SCREENS.filter((screen) => pickups || screen.to !== '/dashboard/logistics/collections').map(({ to, title, text, icon: Icon }) => (
        <Card key={to} className="transition-colors hover:border-primary">
          <Link to={to} className="flex items-center gap-4 rounded-lg p-5">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Icon className="size-6" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-lg font-semibold">{title}</span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
            <ChevronRight className="size-5 text-muted-foreground" aria-hidden />
          </Link>
        </Card>
      ))}
    </div>
  );
}
