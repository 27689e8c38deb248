import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import type { AdminHub } from '../../types';
import { HubForm } from '../hub-form/hub-form';

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
        <HubForm hub={hub} onSaved={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
