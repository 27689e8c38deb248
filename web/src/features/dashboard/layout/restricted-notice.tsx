import House from 'lucide-react/icons/house';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { LOGISTICS_HUBS_PATH } from './use-hubs-base-path';
import { usePageTitle } from '@/lib/use-page-title';

/** What a non-admin sees on an admin-only dashboard address (AdminOnly): why, and the way back. */
export default function RestrictedNotice() {
  usePageTitle('Acesso restrito', 'dashboard');
  return (
    <StatusPanel
      icon={ShieldAlert}
      title="Acesso restrito"
      description="Esta área do dashboard é exclusiva de administradores: Hubs e lockers são cadastrados e alterados por um administrador."
      role="alert"
    >
      <Button asChild>
        <Link to={LOGISTICS_HUBS_PATH}>Ver meus Hubs</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/dashboard">
          <House aria-hidden /> Voltar para o Início
        </Link>
      </Button>
    </StatusPanel>
  );
}
