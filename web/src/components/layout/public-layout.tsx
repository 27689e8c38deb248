import { Outlet, useLocation } from 'react-router-dom';
import { RecoveryRedirector } from '@/features/auth';
import { MaintenanceBanner } from '@/features/settings';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { SkipLink } from './skip-link';

// The skip link's target; tests and the router's focus handling find the content by this id.
const MAIN_ID = 'conteudo';

export function PublicLayout() {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={MAIN_ID} />
      <RecoveryRedirector />
      <Header />
      <MaintenanceBanner />
      {/* tabIndex -1: the skip link can move focus here without adding a tab stop. At least a
          screen tall: the footer starts below the fold on every page, so a screen arriving
          (or growing as its data comes) never moves it in view (a layout shift). */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-[100dvh] flex-1 focus:outline-none">
        {/* A new route gets a fresh boundary, so leaving a broken page recovers. */}
        <ErrorBoundary key={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
