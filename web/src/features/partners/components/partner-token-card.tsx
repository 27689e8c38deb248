import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { useGenerateToken } from '../api/partners-api';
import type { Partner } from '../types';
import { toastError, toastSuccess } from './partner-toasts';

/**
 * The API token: 'Gerar token' or 'Regenerar'. The token is shown this once (Hub keeps only its
 * hash), with a copy button; it is gone when the page is left. Regenerating revokes the old one.
 */
export function PartnerTokenCard({ partner }: { partner: Partner }) {
  const generate = useGenerateToken();
  const [token, setToken] = useState<string | null>(null);

  const run = async () => {
    try {
      const answer = await generate.mutateAsync(partner.id);
      setToken(answer.token);
      toastSuccess('Token de API gerado com sucesso');
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
          <KeyRound className="size-5" aria-hidden /> Token de API
        </CardTitle>
        <CardDescription>
          {partner.has_token
            ? `Token ativo terminado em ••••${partner.token_hint ?? ''}${partner.token_issued_at ? `, gerado em ${formatDateTime(partner.token_issued_at)}` : ''}.`
            : 'Nenhum token gerado. O parceiro usa o token para chamar a API de parceiros.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {token && (
          <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
            <label htmlFor="partner-token" className="text-sm font-medium text-amber-900">
              Copie o token agora: ele não será mostrado de novo.
            </label>
            <div className="flex gap-2">
              <Input id="partner-token" readOnly value={token} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copiar token">
                <Copy aria-hidden /> Copiar
              </Button>
            </div>
          </div>
        )}
        <div>
          <Button type="button" variant={partner.has_token ? 'outline' : 'default'} onClick={() => void run()} disabled={generate.isPending}>
            {generate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
            {partner.has_token ? 'Regenerar' : 'Gerar token'}
          </Button>
          {partner.has_token && <p className="mt-2 text-sm text-muted-foreground">Regenerar revoga o token atual na hora.</p>}
        </div>
      </CardContent>
    </Card>
  );
}
