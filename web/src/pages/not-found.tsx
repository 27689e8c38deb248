import { Link } from 'react-router-dom';
import { usePageTitle } from '@/lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="text-primary underline underline-offset-4 hover:text-primary-hover">
        Return to Home
      </Link>
    </div>
  );
}
