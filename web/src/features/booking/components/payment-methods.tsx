import Copy from 'lucide-react/icons/copy';
import CreditCard from 'lucide-react/icons/credit-card';
import Info from 'lucide-react/icons/info';
import QrCode from 'lucide-react/icons/qr-code';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FakeQrCode } from './fake-qr-code';

export type PaymentMethod = 'credit_card' | 'pix';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const maskCardNumber = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
const maskExpiry = (value: string) => {
  const d = digits(value, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/** A PIX "copia e cola" payload shaped like the real thing (simulated payment). */
function pixPayload(reservationId: string, cents: number) {
  const amount = (cents / 100).toFixed(2);
  const key = reservationId.replace(/-/g, '').slice(0, 25).toUpperCase();
  return `00020126580014BR.GOV.BCB.PIX0136${reservationId}520400005303986540${amount.length}${amount}5802BR5903HUB6009SAO PAULO62${String(4 + key.length).padStart(2, '0')}05${String(key.length).padStart(2, '0')}${key}6304A1B2`;
}

export function PaymentMethods({
  method,
  onMethodChange,
  disabled,
  reservationId,
  amountCents,
}: {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  disabled: boolean;
  reservationId: string;
  amountCents: number;
}) {
  const ids = useId();
  const [card, setCard] = useState({ number: '', name: '', expiry: '', cvc: '' });
  const pix = useMemo(() => pixPayload(reservationId, amountCents), [reservationId, amountCents]);

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
        <CardDescription className="flex items-start gap-1.5">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Pagamento simulado: nenhum valor real será cobrado.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={method} onValueChange={(value) => onMethodChange(value as PaymentMethod)}>
          <TabsList className="grid h-11 w-full grid-cols-2">
            <TabsTrigger value="credit_card" disabled={disabled} className="h-9 whitespace-nowrap px-2 max-sm:[&_svg]:hidden">
              <CreditCard aria-hidden /> Cartão de Crédito
            </TabsTrigger>
            <TabsTrigger value="pix" disabled={disabled} className="h-9 whitespace-nowrap px-2 max-sm:[&_svg]:hidden">
              <QrCode aria-hidden /> PIX
            </TabsTrigger>
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
            <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
              <div className="shrink-0 rounded-lg border bg-white p-3 shadow-sm">
                <FakeQrCode payload={pix} className="size-40" />
              </div>
              <div className="flex w-full min-w-0 flex-col gap-3">
                <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                  <li>Abra o app do seu banco e escolha pagar com PIX.</li>
                  <li>Escaneie o QR Code ou use o código copia e cola.</li>
                  <li>Confirme o pagamento e clique no botão Pagar.</li>
                </ol>
                <Label htmlFor={`${ids}-pix`}>PIX copia e cola</Label>
                <div className="flex gap-2">
                  <Input id={`${ids}-pix`} readOnly value={pix} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                  <Button type="button" variant="outline" onClick={copyPix} disabled={disabled} aria-label="Copiar código PIX">
                    <Copy aria-hidden /> <span className="hidden sm:inline">Copiar</span>
                  </Button>
                </div>
              </div>
            </div>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
