import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface State {
  error: Error | null;
}

/** Catches render errors so one broken screen never blanks the app (spec "Error fallback"). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback message={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
  }
}

export function ErrorFallback({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="text-muted-foreground">{message || 'Ocorreu um erro inesperado. Tente recarregar a página.'}</p>
      <Button onClick={onRetry}>Tentar novamente</Button>
    </div>
  );
}
