import { lazy, Suspense } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Loading } from '@/components/ui/skeleton';
import type { AdminHub } from '../../types';

// The form (and zod with it) loads on the first 'Editar', not with the detail.
const HubForm = lazy(() => import('../hub-form/hub-form').then((m) => ({ default: m.HubForm })));

interface EditHubSheetProps {
  hub: AdminHub;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar': the Hub form in a side panel, over the detail it edits. */
export function EditHubSheet({ hub, open, onOpenChange }: EditHubSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="max-w-2xl">
        <div className="space-y-1 pr-8">
          <SheetTitle>Editar Hub</SheetTitle>
          <SheetDescription>
            {hub.name} ({hub.id})
          </SheetDescription>
        </div>
        <Suspense fallback={<Loading label="Carregando formulário..." />}>
          <HubForm hub={hub} onSaved={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
        </Suspense>
      </SheetContent>
    </Sheet>
  );
}
