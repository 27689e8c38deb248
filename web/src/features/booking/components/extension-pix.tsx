import Copy from 'lucide-react/icons/copy';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import type { ExtensionChargeView } from '@contract/reservations/extension-schemas';
import { formatCents, formatDateTime } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { PixQrCode } from './pix-qr-code';

// An extension paid by PIX with a real PSP: its charge's QR and copia e cola. The reservation's end
// moves when the PSP confirms the PIX (the renter's push refreshes it; polled every 5 s meanwhile).

export function ExtensionPix({ reservationId, charge }: { reservationId: string; charge: ExtensionChargeView }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const poll = setInterval(() => void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.detail(reservationId) }), 5_000);
    return () => clearInterval(poll);
  }, [queryClient, reservationId]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.payment.brcode);
      toast.success('Código PIX copiado!');
    } catch {
      toast.error('Não foi possível copiar o código. Selecione e copie manualmente.');
    }
  };

  return (
    <div className="flex flex-col items-center gap-3" data-testid="extension-pix">
      <div className="rounded-lg border bg-white p-3 shadow-sm">
        <PixQrCode brcode={charge.payment.brcode} className="size-40" />
      </div>
      <p className="text-center text-sm">
        Pague {formatCents(charge.price_cents)} por PIX para estender por +{charge.hours} h. Cobrança válida até {formatDateTime(charge.payment.expires_at)}.
      </p>
      <div className="flex w-full flex-col gap-2">
        <Label htmlFor="extension-pix-code">PIX copia e cola</Label>
        <div className="flex gap-2">
          <Input id="extension-pix-code" readOnly value={charge.payment.brcode} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={copy} aria-label="Copiar código PIX">
            <Copy aria-hidden />
          </Button>
        </div>
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden /> Aguardando a confirmação do PIX...
      </p>
    </div>
  );
}
