import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';

export function PublicLayout() {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        {/* A new route gets a fresh boundary, so leaving a broken page recovers. */}
        <ErrorBoundary key={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
