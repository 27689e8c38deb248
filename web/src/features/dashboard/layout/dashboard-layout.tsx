import Menu from 'lucide-react/icons/menu';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ErrorBoundary } from '@/components/layout/error-boundary';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Loading } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { StorageKeys, storage } from '@/lib/storage';
import { PARTNER_HOME, dashboardRoleOf } from './dashboard-access';
import { DashboardSidebar } from './dashboard-sidebar';

// The skip link's target, the same id as the public layout's (tests find the content by it).
const MAIN_ID = 'conteudo';

/**
 * The dashboard's own frame (spec "Dashboard"): a sidebar from 768 px, a menu sheet below it.
 * Only admins, logistics and maintenance staff and partners' users (ADR 0020) enter (a partner's user
 * only its 'Integração' page); anyone else goes to /login with this path remembered
 * (redirectAfterAuth), so signing in with a staff account comes back here.
 */
export default function DashboardLayout() {
  const { user, isAuthenticated, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const role = dashboardRoleOf(user);
  // A deliberate 'Sair' must not remember the dashboard as the place to come back to.
  const signingOut = useRef(false);
  // The menu belongs to the location it was opened on: any navigation closes it (as the header's).
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? location.key : null);

  useEffect(() => {
    if (signingOut.current || (isAuthenticated && role)) return;
    storage.set(StorageKeys.redirectAfterAuth, location.pathname + location.search);
    if (!isAuthenticated) {
      navigate('/login', { replace: true });
      return;
    }
    // A signed-in renter: the login page would send a signed-in user straight back to the
    // remembered path (a loop), so this session ends first and the login form shows.
    signingOut.current = true;
    toast.info('Entre com uma conta de administrador ou de logística para acessar o dashboard.');
    void logout()
      .catch(() => undefined)
      .finally(() => navigate('/login', { replace: true }));
  }, [isAuthenticated, role, logout, location.pathname, location.search, navigate]);

  const signOut = async () => {
    signingOut.current = true;
    setMenuOpen(false);
    try {
      await logout();
      toast.success('Logout realizado!');
    } catch {
      toast.error('Erro ao sair');
    }
    navigate('/login', { replace: true });
  };

  if (!isAuthenticated || !user || !role) return <Loading label="Carregando..." />;
  // A partner's user has one screen (ADR 0020): any other dashboard address leads to it.
  if (role === 'partner' && location.pathname !== PARTNER_HOME) return <Navigate to={PARTNER_HOME} replace />;

  return (
    <div className="min-h-screen bg-background md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink targetId={MAIN_ID} />
      {/* The aside runs the page's full height (its border and colour); its content stays in view. */}
      <aside className="hidden border-r bg-card md:block">
        <div className="sticky top-0 h-screen overflow-y-auto p-4">
          <DashboardSidebar user={user} role={role} onSignOut={() => void signOut()} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur md:hidden">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Abrir menu do dashboard">
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="max-w-72 p-4">
              <SheetTitle className="sr-only">Menu do dashboard</SheetTitle>
              <SheetDescription className="sr-only">Navegação do dashboard de gestão</SheetDescription>
              <DashboardSidebar user={user} role={role} onSignOut={() => void signOut()} onNavigate={() => setMenuOpen(false)} navLabel="Dashboard (menu)" />
            </SheetContent>
          </Sheet>
          <span className="font-semibold">Dashboard de gestão</span>
        </header>
        {/* tabIndex -1: the skip link can move focus here without adding a tab stop. */}
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {/* A new route gets a fresh boundary, so leaving a broken page recovers. */}
          <ErrorBoundary key={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
