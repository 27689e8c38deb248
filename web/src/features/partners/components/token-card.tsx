import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useId, useState, type ComponentType, type SVGProps } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { toastError, toastSuccess } from './partner-toasts';

/** The words of one kind of token: the live API token or the sandbox (test) one. */
export interface TokenCardText {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** What the card says with no token yet. */
  none: string;
  /** Before the hint: 'Token ativo terminado em'. */
  active: string;
  generate: string;
  regenerate: string;
  generated: string;
  copyLabel: string;
  /** The copy button's accessible name. */
  copyButton: string;
  regenerateNote: string;
}

export const LIVE_TOKEN_TEXT: TokenCardText = {
  title: 'Token de API',
  icon: KeyRound,
  none: 'Nenhum token gerado. O parceiro usa o token para chamar a API de parceiros.',
  active: 'Token ativo terminado em',
  generate: 'Gerar token',
  regenerate: 'Regenerar',
  generated: 'Token de API gerado com sucesso',
  copyLabel: 'Copie o token agora: ele não será mostrado de novo.',
  copyButton: 'Copiar token',
  regenerateNote: 'Regenerar revoga o token atual na hora.',
};

interface TokenCardProps {
  text: TokenCardText;
  state: { hasToken: boolean; hint: string | null; issuedAt: string | null };
  /** Makes a new token and answers it (the only time it is seen). */
  onGenerate: () => Promise<string>;
  pending: boolean;
  /** Extra lines under the description (the sandbox card names its test Hubs). */
  children?: React.ReactNode;
}

/**
 * A token card: 'Gerar' or 'Regenerar'. The token is shown this once (Hub keeps only its hash),
 * with a copy button; it is gone when the page is left. Regenerating revokes the old one of that kind.
 */
export function TokenCard({ text, state, onGenerate, pending, children }: TokenCardProps) {
  const [token, setToken] = useState<string | null>(null);
  const fieldId = useId();
  const Icon = text.icon;

  const run = async () => {
    try {
      setToken(await onGenerate());
      toastSuccess(text.generated);
    } catch (error) {
      toastError('Erro ao gerar token', error);
    }
  };

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      toastSuccess('Token copiado para a área de transferência');
    } catch (error) {
      toastError('Erro ao copiar token', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5" aria-hidden /> {text.title}
        </CardTitle>
        <CardDescription>
          {state.hasToken ? `${text.active} ••••${state.hint ?? ''}${state.issuedAt ? `, gerado em ${formatDateTime(state.issuedAt)}` : ''}.` : text.none}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {children}
        {token && (
          <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
            <label htmlFor={fieldId} className="text-sm font-medium text-amber-900">
              {text.copyLabel}
            </label>
            <div className="flex gap-2">
              <Input id={fieldId} readOnly value={token} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()} aria-label={text.copyButton}>
                <Copy aria-hidden /> Copiar
              </Button>
            </div>
          </div>
        )}
        <div>
          <Button type="button" variant={state.hasToken ? 'outline' : 'default'} onClick={() => void run()} disabled={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
            {state.hasToken ? text.regenerate : text.generate}
          </Button>
          {state.hasToken && <p className="mt-2 text-sm text-muted-foreground">{text.regenerateNote}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
