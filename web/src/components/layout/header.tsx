import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRound from 'lucide-react/icons/user-round';
import Warehouse from 'lucide-react/icons/warehouse';
import { Suspense, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/format';
import { Logo } from './logo';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive && 'text-primary');

export function Header() {
  const { user, isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The mobile menu belongs to the location it was opened on: any navigation (a tapped link, the
  // redirect after 'Sair', the back button) gives a new location key, and the menu is closed.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? location.key : null);

  const signOut = async () => {
    try {
      await logout();
      toast.success('Logout realizado!');
    } catch {
      toast.error('Erro ao sair');
    }
    navigate('/login');
  };

  // A tap on the current page's link changes no location, so links close the menu themselves too.
  const closeMenu = () => setMenuOpen(false);
  const links = (
    <>
      <NavLink to="/" end className={linkClass} onClick={closeMenu}>
        <Warehouse className="size-4" aria-hidden /> Lockers
      </NavLink>
      {isAuthenticated ? (
        <>
          <NavLink to="/profile" className={linkClass} onClick={closeMenu}>
            <UserRound className="size-4" aria-hidden /> Meu Perfil
          </NavLink>
          <button
            type="button"
            onClick={() => {
              closeMenu();
              void signOut();
            }}
            className={linkClass({ isActive: false })}
          >
            <LogOut className="size-4" aria-hidden /> Sair
          </button>
        </>
      ) : (
        <>
          <NavLink to="/login" className={linkClass} onClick={closeMenu}>
            <LogIn className="size-4" aria-hidden /> Login
          </NavLink>
          <NavLink to="/register" className={linkClass} onClick={closeMenu}>
            <UserPlus className="size-4" aria-hidden /> Cadastro
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b bg-card/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Logo />
        <nav className="hidden items-center gap-1 md:flex" aria-label="Principal">
          {links}
        </nav>
        <div className="flex items-center gap-1 md:order-last">
          {/* The bell stays outside the menu, on phones too: the unread count is seen at a glance. */}
          {isAuthenticated && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetTitle>Menu</SheetTitle>
              <SheetDescription className="sr-only">Navegação do Hub</SheetDescription>
              {user && (
                <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                    {initialsOf(user.name)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium">{user.name}</p>
                    <p className="truncate text-sm text-muted-foreground">{user.email}</p>
                  </div>
                </div>
              )}
              <nav className="flex flex-col gap-1" aria-label="Menu móvel">
                {links}
              </nav>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
