import ArrowLeft from 'lucide-react/icons/arrow-left';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { LOGISTICS_HUBS } from './logistics-paths';

/** A Hub that does not exist or is not assigned to the caller (the server answers 404 for both). */
export function HubNotFound() {
  return (
    <StatusPanel icon={MapPinOff} title="Hub não encontrado" description="O Hub que você procura não existe ou não está atribuído a você." role="alert">
      <Button asChild>
        <Link to={LOGISTICS_HUBS}>
          <ArrowLeft aria-hidden /> Voltar para Hubs
        </Link>
      </Button>
    </StatusPanel>
  );
}

/** 404, 403 and a malformed id all mean: nothing to show here. */
export const isMissing = (status: number | undefined) => status === 404 || status === 403 || status === 400;
