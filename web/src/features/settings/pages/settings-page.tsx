import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '../api/settings-api';
import { AdvancedCard } from '../components/advanced-card';
import { GeneralCard } from '../components/general-card';
import { IntegrationsCard } from '../components/integrations-card';
import { usePageTitle } from '@/lib/use-page-title';

/** Configurações (spec "Settings", issue 27): three cards, each saved on its own. */
export default function SettingsPage() {
  usePageTitle('Configurações', 'dashboard');
  const settings = useSettings();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Configurações</h1>
        <p className="text-muted-foreground">Valem na hora, em toda a plataforma.</p>
      </div>
      {settings.isPending ? (
        <div role="status" aria-label="Carregando configurações..." className="flex flex-col gap-6">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-64 w-full rounded-lg" />
          ))}
        </div>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-card p-8 text-center">
          <p className="text-destructive">Não foi possível carregar as configurações. Verifique sua conexão e tente novamente.</p>
          <Button variant="outline" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
            <RefreshCw className={settings.isFetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        // Keyed by the last change: a change saved elsewhere (a push) refills the cards.
        <div key={settings.data.updated_at ?? 'env'} className="flex flex-col gap-6">
          <GeneralCard settings={settings.data} />
          <IntegrationsCard settings={settings.data} />
          <AdvancedCard settings={settings.data} />
        </div>
      )}
    </div>
  );
}
