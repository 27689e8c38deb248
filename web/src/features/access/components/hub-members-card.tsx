import UserMinus from 'lucide-react/icons/user-minus';
import Users from 'lucide-react/icons/users';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useHubMembers, useRevokeAccess } from '../api/access-admin';
import type { AccessRequestItem } from '../types';

/**
 * 'Membros' of a private Hub on the admin's Hub detail: who holds a grant (since when, by whom)
 * and who waits for a decision; 'Revogar' behind a confirmation that says what it cancels.
 */
export function HubMembersCard({ hubId }: { hubId: string }) {
  const members = useHubMembers(hubId);
  const revoke = useRevokeAccess();
  const [revoking, setRevoking] = useState<AccessRequestItem | null>(null);

  const confirm = () => {
    const member = revoking;
    if (!member) return;
    revoke.mutate(
      { userId: member.userId, hubId },
      {
        onSuccess: (answer) => {
          const n = (answer as { cancelledReservations: string[] }).cancelledReservations.length;
          toast.success(`Acesso de ${member.userName} revogado.${n ? ` ${n} ${n === 1 ? 'reserva futura cancelada' : 'reservas futuras canceladas'}.` : ''}`);
          setRevoking(null);
        },
        onError: (error) => toast.error(errorMessage(error, 'Erro ao revogar o acesso.')),
      },
    );
  };

  const list = members.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Users className="size-5" aria-hidden /> Membros
        </CardTitle>
        <CardDescription>
          Quem pode reservar neste Hub privado.{' '}
          <Link to="/dashboard/access-requests" className="font-medium text-primary underline-offset-4 hover:underline">
            Ver solicitações
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <Skeleton className="h-16" role="status" aria-label="Carregando membros..." />
        ) : members.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(members.error, 'Erro ao carregar os membros.')}
          </p>
        ) : list.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            Nenhum membro ainda.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Membros do Hub">
            {list.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium">
                    {m.userName} {m.status === 'pending' && <Badge variant="warning">Pendente</Badge>}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">{m.userEmail ?? '—'}</p>
                  {m.status === 'granted' && m.decidedAt && (
                    <p className="text-xs text-muted-foreground">
                      Desde {formatDateTime(m.decidedAt)} · {m.auto ? 'cadastro automático' : `aprovado por ${m.decidedByName ?? '—'}`}
                    </p>
                  )}
                </div>
                {m.status === 'granted' && (
                  <Button variant="outline" size="sm" onClick={() => setRevoking(m)} aria-label={`Revogar acesso de ${m.userName}`}>
                    <UserMinus aria-hidden /> Revogar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revogar acesso"
        description={
          <>
            <p>
              {revoking?.userName} não poderá mais reservar neste Hub. As reservas dele aqui que ainda não começaram (e as não pagas) serão canceladas, e ele
              receberá um e-mail.
            </p>
          </>
        }
        confirmLabel="Revogar"
        destructive
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
