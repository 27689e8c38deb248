import MapPinned from 'lucide-react/icons/map-pinned';
import UserMinus from 'lucide-react/icons/user-minus';
import { useState } from 'react';
import { toast } from 'sonner';
import type { HubStaffMemberView } from '@contract/staff/staff-schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { formatDate } from '@/lib/format';
import { useRemoveHubStaff } from '../api/change-hub-staff';
import { StaffHubsEditor } from './staff-hubs-editor';
import { StaffRoleBadge } from './staff-role-badge';

/** The team's rows: who, since when, their Hubs (the editor in a side panel) and removal. */
export function HubStaffList({ hubId, members }: { hubId: string; members: HubStaffMemberView[] }) {
  const remove = useRemoveHubStaff(hubId);
  const [removing, setRemoving] = useState<HubStaffMemberView | null>(null);
  const [editing, setEditing] = useState<HubStaffMemberView | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success('Operador removido da equipe do Hub.');
        setRemoving(null);
      },
      onError: (error) => toast.error(error.message || 'Erro ao remover o operador.'),
    });
  };

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Operadores da equipe">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="break-words">{member.name}</span>
                <StaffRoleBadge role={member.role} />
              </p>
              <p className="break-all text-sm text-muted-foreground">{member.email}</p>
              <p className="text-xs text-muted-foreground">Na equipe desde {formatDate(member.assigned_at)}</p>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(member)} aria-label={`Hubs de ${member.name}`}>
                <MapPinned aria-hidden /> Hubs
              </Button>
              <Button variant="outline" size="sm" onClick={() => setRemoving(member)} aria-label={`Remover ${member.name} da equipe`}>
                <UserMinus aria-hidden /> Remover
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover da equipe?"
        description={removing ? `${removing.name} deixará de atender o Hub ${hubId} e o perderá das suas telas na hora.` : ''}
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
      <Sheet open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <SheetContent className="w-full overflow-y-auto sm:max-w-md">
          <SheetTitle>Hubs de {editing?.name}</SheetTitle>
          <SheetDescription className="mb-4">Marque os Hubs que este operador atende.</SheetDescription>
          {editing && <StaffHubsEditor operatorId={editing.id} onSaved={() => setEditing(null)} />}
        </SheetContent>
      </Sheet>
    </>
  );
}
