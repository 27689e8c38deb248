import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** Replaces the Hub mark above the title (e.g. an envelope on the confirmation screen). */
  icon?: ReactNode;
  children: ReactNode;
  /** Shown under the card (e.g. 'Já tem uma conta? Entrar'). */
  footer?: ReactNode;
  className?: string;
}

/** The centred card every auth screen sits in: Hub mark, title, description, content. */
export function AuthLayout({ title, description, icon, children, footer, className }: AuthLayoutProps) {
  return (
    <div className="relative isolate overflow-hidden px-4 py-8 sm:py-14">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--color-primary)_14%,transparent),transparent)]"
      />
      <div className={cn('mx-auto w-full max-w-md', className)}>
        <Card className="shadow-lg shadow-primary/5">
          <div className="flex flex-col items-center gap-3 px-6 pt-8 text-center sm:px-8">
            {icon ?? (
              <Link to="/" className="rounded-xl" title="Voltar ao início">
                <img src="/favicon.svg" alt="Hub" className="size-12 drop-shadow-sm" width={48} height={48} />
              </Link>
            )}
            <div className="flex flex-col gap-1.5">
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {description && <div className="text-sm text-muted-foreground">{description}</div>}
            </div>
          </div>
          <div className="px-6 pb-8 pt-6 sm:px-8">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  );
}

/** A horizontal rule with a word in the middle ('ou continue com'). */
export const AuthDivider = ({ children }: { children: ReactNode }) => (
  <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
    <span className="h-px flex-1 bg-border" />
    <span>{children}</span>
    <span className="h-px flex-1 bg-border" />
  </div>
);
