import House from 'lucide-react/icons/house';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { usePageTitle } from '@/lib/use-page-title';

/** A dashboard address that no screen answers: a not-found inside the dashboard's own frame. */
export default function DashboardNotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Página não encontrada', 'dashboard');
  return (
    <StatusPanel
      icon={MapPinOff}
      title="Página não encontrada"
      description={
        <>
          Não há nada no dashboard em <code className="break-all font-mono text-sm">{pathname}</code>. Confira o endereço ou volte para o início.
        </>
      }
      role="alert"
    >
      <Button asChild>
        <Link to="/dashboard">
          <House aria-hidden /> Voltar para o Início
        </Link>
      </Button>
    </StatusPanel>
  );
}
