import Info from 'lucide-react/icons/info';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AdminHub } from '../../types';
import { HubFormMessages, type HubFormVariant } from './hub-form-schema';
import { HubInfoForm } from './hub-info-form';
import { HubLockersTab } from './hub-lockers-tab';

/**
 * The Hub form: 'Informações' (every field, saved with POST or PUT) and, once the Hub exists,
 * 'Lockers'. Used by the form page and inside the Hub detail's side panel. Under
 * /dashboard/logistics/… it applies the logistics form's rules (spec §5). Only admins reach it:
 * every call it makes is theirs (ADR 0019).
 */
export function HubForm(props: { hub?: AdminHub; onSaved?: (hub: AdminHub) => void; onCancel?: () => void }) {
  const { hub, onSaved, onCancel } = props;
  const location = useLocation();
  const variant: HubFormVariant = location.pathname.startsWith('/dashboard/logistics/') ? 'logistics' : 'admin';
  const [tab, setTab] = useState('info');

  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col">
      <TabsList className="self-start">
        <TabsTrigger value="info">Informações</TabsTrigger>
        {hub && <TabsTrigger value="lockers">Lockers</TabsTrigger>}
      </TabsList>
      {!hub && (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Info className="size-4 shrink-0" aria-hidden /> {HubFormMessages.saveFirst}
        </p>
      )}
      {/* Kept mounted while the Lockers tab shows, so unsaved edits survive a tab switch. */}
      <TabsContent value="info" forceMount className="data-[state=inactive]:hidden">
        <HubInfoForm key={hub?.id ?? 'new'} hub={hub} variant={variant} onSaved={onSaved} onCancel={onCancel} />
      </TabsContent>
      {hub && (
        <TabsContent value="lockers">
          <HubLockersTab hub={hub} />
        </TabsContent>
      )}
    </Tabs>
  );
}
