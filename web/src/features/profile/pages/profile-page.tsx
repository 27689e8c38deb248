import { Suspense } from 'react';
import Mail from 'lucide-react/icons/mail';
import Pencil from 'lucide-react/icons/pencil';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Loading } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth';
import { NotificationPreferencesCard } from '@/features/notifications';
import { initialsOf, maskPhone } from '@/lib/format';
import { useUserReservations } from '../api/get-user-reservations';
import { useProfile } from '../api/profile-api';
import { EmailConfirmationStatus } from '../components/email-confirmation-status';
import { PrivacyActions } from '../components/privacy-actions';
import { ReservationRow } from '../components/reservation-row';
import { groupReservations } from '../reservation-groups';
import { usePageTitle } from '@/lib/use-page-title';

export default function ProfilePage() {
  usePageTitle('Minhas reservas');
  const { user } = useAuth();
  const reservations = useUserReservations(user?.id);
  // Whether the e-mail is confirmed is the server's to say (the stored session does not know).
  const profile = useProfile(Boolean(user));

  if (!user) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Acesso Negado</h1>
        <p className="text-muted-foreground">Faça login para ver suas reservas.</p>
        <Button asChild>
          <Link to="/login">Fazer Login</Link>
        </Button>
      </div>
    );
  }

  const groups = groupReservations(reservations.data ?? []);
  const tabs = [
    { value: 'active', label: 'Ativas', list: groups.active },
    { value: 'expired', label: 'Expiradas', list: groups.expired },
    { value: 'done', label: 'Concluídas', list: groups.done },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_320px]">
      <section className="min-w-0">
        <h1 className="mb-4 text-2xl font-bold">Minhas Reservas</h1>
        {reservations.isPending ? (
          <Loading label="Carregando reservas..." />
        ) : reservations.isError ? (
          <p className="text-destructive">Erro ao buscar as reservas do usuário...</p>
        ) : (
          <Tabs defaultValue="active">
            {/* Three equal columns on phones: the tabs side by side were wider than a 390 px screen. */}
            <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
              {tabs.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="min-w-0 gap-1.5 px-2 sm:px-4">
                  {t.label} <Badge variant="secondary">{t.list.length}</Badge>
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((t) => (
              <TabsContent key={t.value} value={t.value} className="space-y-3">
                {t.list.length === 0 ? (
                  <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">Nenhuma reserva aqui.</p>
                ) : (
                  t.list.map((r) => <ReservationRow key={r.id} reservation={r} />)
                )}
              </TabsContent>
            ))}
          </Tabs>
        )}
      </section>
      <Card className="h-fit min-w-0">
        <CardHeader className="items-center text-center">
          {user.avatar_url ? (
            <img src={user.avatar_url} alt="Sua foto de perfil" className="size-16 rounded-full border object-cover" data-testid="profile-avatar" />
          ) : (
            <span className="flex size-16 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground">
              {initialsOf(user.name)}
            </span>
          )}
          <CardTitle>{user.name}</CardTitle>
          <Badge variant="secondary">{user.isAdmin || user.role === 'admin' ? 'Administrador' : 'Usuário'}</Badge>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p className="flex min-w-0 items-center gap-2">
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden /> <span className="min-w-0 break-all">{user.email}</span>
          </p>
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden /> {user.phone ? maskPhone(user.phone) : '—'}
          </p>
          <EmailConfirmationStatus profile={profile.data} />
          <Button asChild variant="secondary" className="mt-2 w-full">
            <Link to="/profile/edit">
              <Pencil aria-hidden /> Editar Perfil
            </Link>
          </Button>
          <Suspense fallback={<p className="text-muted-foreground">Carregando preferências...</p>}>
            <NotificationPreferencesCard />
          </Suspense>
          <PrivacyActions />
        </CardContent>
      </Card>
    </div>
  );
}
