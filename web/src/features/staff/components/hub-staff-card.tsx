import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Loader2 from 'lucide-react/icons/loader-circle';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAddHubStaff } from '../api/change-hub-staff';
import { useHubStaff } from '../api/get-hub-staff';
import { useStaffCandidates } from '../api/staff-options';
import { HubStaffList } from './hub-staff-list';

/**
 * 'Equipe' of the admin's Hub page (issue 26 item 7): the logistics and maintenance operators
 * assigned to the Hub, with add (pick an operator), remove (confirmed) and each one's Hubs. Live:
 * `staff:changed` and `admin:changed` pushes refresh it.
 */
export function HubStaffCard({ hubId }: { hubId: string }) {
  const staff = useHubStaff(hubId);
  const candidates = useStaffCandidates();
  const add = useAddHubStaff(hubId);
  const [chosen, setChosen] = useState('');
  const selectId = useId();

  const members = staff.data ?? [];
  const available = (candidates.data ?? []).filter((u) => !members.some((m) => m.id === u.id));
  const submit = () =>
    add.mutate(chosen, {
      onSuccess: () => {
        setChosen('');
        toast.success('Operador adicionado à equipe do Hub!');
      },
      onError: (error) => toast.error(error.message || 'Erro ao adicionar o operador.'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Users className="size-5" aria-hidden /> Equipe
        </CardTitle>
        <CardDescription>Operadores de logística e de manutenção que atendem este Hub.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {staff.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Carregando equipe...">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : staff.isError ? (
          <div role="alert" className="space-y-2 rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle className="size-4" aria-hidden /> Erro ao carregar a equipe.
            </p>
            <Button variant="outline" size="sm" onClick={() => void staff.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : members.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Nenhum operador atende este Hub ainda.</p>
        ) : (
          <HubStaffList hubId={hubId} members={members} />
        )}
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) submit();
          }}
        >
          <div className="min-w-0 flex-1 space-y-2">
            <Label htmlFor={selectId}>Adicionar operador</Label>
            <Select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={candidates.isPending || available.length === 0}>
              <option value="">
                {candidates.isPending ? 'Carregando operadores...' : available.length === 0 ? 'Nenhum operador disponível' : 'Escolha um operador'}
              </option>
              {available.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.role === 'maintenance' ? 'Manutenção' : 'Logística'}) · {u.email}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={!chosen || add.isPending}>
            {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />} Adicionar
          </Button>
        </form>
        {candidates.isError && <p className="text-sm text-destructive">Erro ao carregar os operadores.</p>}
      </CardContent>
    </Card>
  );
}
