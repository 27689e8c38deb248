import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="mt-16 border-t bg-card">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground md:flex-row">
        <nav className="flex gap-4" aria-label="Rodapé">
          <Link to="/terms" className="hover:text-foreground">
            Termos
          </Link>
          <Link to="/privacy" className="hover:text-foreground">
            Privacidade
          </Link>
          <Link to="/contact" className="hover:text-foreground">
            Contato
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} Hub. Todos os direitos reservados.</p>
      </div>
    </footer>
  );
}
