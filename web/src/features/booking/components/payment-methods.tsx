import Copy from 'lucide-react/icons/copy';
import CreditCard from 'lucide-react/icons/credit-card';
import Info from 'lucide-react/icons/info';
import QrCode from 'lucide-react/icons/qr-code';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCountdown } from '@/lib/format';
import type { PixPayment } from '../types';
import { PixQrCode } from './pix-qr-code';

export type PaymentMethod = 'credit_card' | 'pix';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const maskCardNumber = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
const maskExpiry = (value: string) => {
  const d = digits(value, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * PIX (the charge's BR Code as QR and copia e cola) and, only with the simulated provider, the
 * card form. `payment` is null while the charge is being made (the page polls for it).
 */
export function PaymentMethods({
  method,
  onMethodChange,
  disabled,
  payment,
  secondsLeft,
}: {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  disabled: boolean;
  payment: PixPayment | null;
  secondsLeft: number | null;
}) {
  const ids = useId();
  const [card, setCard] = useState({ number: '', name: '', expiry: '', cvc: '' });
  const pix = payment?.brcode ?? '';
  // A real PSP takes PIX only; the card form is the simulated provider's (its charges are tests).
  const simulated = payment?.test === true;

  const copyPix = async () => {
    try {
      await navigator.clipboard.writeText(pix);
      toast.success('Código PIX copiado!');
    } catch {
      toast.error('Não foi possível copiar o código. Selecione e copie manualmente.');
    }
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Forma de pagamento</CardTitle>
        {payment?.test && (
          <CardDescription className="flex items-start gap-1.5 font-medium text-amber-800" data-testid="pix-test-mark">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            Cobrança de teste — nenhum valor real será cobrado.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        <Tabs value={method} onValueChange={(value) => onMethodChange(value as PaymentMethod)}>
          <TabsList className={simulated ? 'grid h-11 w-full grid-cols-2' : 'grid h-11 w-full grid-cols-1'}>
            <TabsTrigger value="pix" disabled={disabled} className="h-9 whitespace-nowrap px-2 max-sm:[&_svg]:hidden">
              <QrCode aria-hidden /> PIX
            </TabsTrigger>
            {simulated && (
              <TabsTrigger value="credit_card" disabled={disabled} className="h-9 whitespace-nowrap px-2 max-sm:[&_svg]:hidden">
                <CreditCard aria-hidden /> Cartão de Crédito
              </TabsTrigger>
            )}
          </TabsList>

          <TabsContent value="credit_card" className="mt-5">
            <fieldset disabled={disabled} className="grid grid-cols-2 gap-4">
              <legend className="sr-only">Dados do cartão</legend>
              <div className="col-span-2 flex flex-col gap-2">
                <Label htmlFor={`${ids}-number`}>Número do cartão</Label>
                <Input
                  id={`${ids}-number`}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="0000 0000 0000 0000"
                  value={card.number}
                  onChange={(e) => setCard({ ...card, number: maskCardNumber(e.target.value) })}
                />
              </div>
              <div className="col-span-2 flex flex-col gap-2">
                <Label htmlFor={`${ids}-name`}>Nome no cartão</Label>
                <Input
                  id={`${ids}-name`}
                  autoComplete="cc-name"
                  placeholder="Como impresso no cartão"
                  value={card.name}
                  onChange={(e) => setCard({ ...card, name: e.target.value.toUpperCase() })}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${ids}-expiry`}>Validade</Label>
                <Input
                  id={`${ids}-expiry`}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/AA"
                  value={card.expiry}
                  onChange={(e) => setCard({ ...card, expiry: maskExpiry(e.target.value) })}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${ids}-cvc`}>CVC</Label>
                <Input
                  id={`${ids}-cvc`}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={3}
                  value={card.cvc}
                  onChange={(e) => setCard({ ...card, cvc: e.target.value.slice(0, 3) })}
                />
              </div>
            </fieldset>
          </TabsContent>

          <TabsContent value="pix" className="mt-5">
            {payment === null ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <LoaderCircle className="size-4 animate-spin" aria-hidden /> Gerando a cobrança PIX...
              </p>
            ) : (
              <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
                <div className="shrink-0 rounded-lg border bg-white p-2 shadow-sm">
                  <PixQrCode brcode={pix} className="size-44" />
                </div>
                <div className="flex w-full min-w-0 flex-col gap-3">
                  <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                    <li>Abra o app do seu banco e escolha pagar com PIX.</li>
                    <li>Escaneie o QR Code ou use o código copia e cola.</li>
                    <li>{payment.test ? 'Clique no botão Pagar para simular o pagamento.' : 'Pronto: esta página confirma sozinha quando o PIX chegar.'}</li>
                  </ol>
                  {secondsLeft !== null && secondsLeft > 0 && (
                    <p className="text-sm">
                      Cobrança válida por <span className="font-mono font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>
                    </p>
                  )}
                  <Label htmlFor={`${ids}-pix`}>PIX copia e cola</Label>
                  <div className="flex gap-2">
                    <Input
                      id={`${ids}-pix`}
                      readOnly
                      value={pix}
                      className="font-mono text-xs"
                      data-testid="pix-copia-e-cola"
                      onFocus={(e) => e.currentTarget.select()}
                    />
                    <Button type="button" variant="outline" onClick={copyPix} disabled={disabled} aria-label="Copiar código PIX">
                      <Copy aria-hidden /> <span className="hidden sm:inline">Copiar</span>
                    </Button>
                  </div>
                </div>
              </div>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
