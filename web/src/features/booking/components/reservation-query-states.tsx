import type { UseQueryResult } from '@tanstack/react-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import FileQuestion from 'lucide-react/icons/file-question-mark';
import Home from 'lucide-react/icons/house';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import type { Reservation } from '../types';
import { StatusPanel } from '@/components/ui/status-panel';

/**
 * What checkout and access show before they have a reservation: the login redirect, loading,
 * not found (or not the caller's), or a load error with retry. Null once the data is there.
 */
export function reservationQueryStates(allowed: boolean, query: UseQueryResult<Reservation>, notFoundTitle: string) {
  if (!allowed) return <Loading label="Redirecionando para o login..." />;
  if (query.isPending) return <Loading label="Carregando dados da reserva..." />;
  if (query.data && !query.error) return null;
  const missing = !query.error || (query.error instanceof ApiError && [400, 403, 404].includes(query.error.status));
  if (missing) {
    return (
      <StatusPanel icon={FileQuestion} title={notFoundTitle} description="Verifique o link ou consulte suas reservas no seu perfil." role="alert">
        <Button asChild size="lg">
          <Link to="/">
            <Home aria-hidden /> Voltar ao início
          </Link>
        </Button>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel icon={AlertTriangle} tone="danger" title="Erro ao carregar dados da reserva." description={query.error?.message} role="alert">
      <Button size="lg" onClick={() => void query.refetch()} disabled={query.isRefetching}>
        <RotateCw className={query.isRefetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </StatusPanel>
  );
}
