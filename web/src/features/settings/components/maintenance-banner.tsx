import Wrench from 'lucide-react/icons/wrench';
import { usePublicSettings } from '../api/settings-api';

/**
 * The maintenance banner of the public pages (issue 27): shown while maintenance mode is on, with
 * the server's message; it appears and goes live (a `settings:changed` push refetches it).
 */
export function MaintenanceBanner() {
  const { data } = usePublicSettings();
  if (!data?.maintenance_mode || !data.maintenance_message) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <p className="mx-auto flex max-w-6xl items-center gap-2 text-sm font-medium">
        <Wrench className="size-4 shrink-0" aria-hidden />
        {data.maintenance_message}
      </p>
    </div>
  );
}
