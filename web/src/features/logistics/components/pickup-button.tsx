import Truck from 'lucide-react/icons/truck';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { otpPath } from './logistics-paths';

/** 'Realizar coleta': asks first, then opens the OTP page, which makes the pickup code. */
export function PickupButton({ hubId, hubName }: { hubId: string; hubName: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Truck aria-hidden /> Realizar coleta
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Realizar coleta"
        description={`Gerar um código de coleta para o Hub ${hubName}? O código abre o locker da coleta mais antiga que você assumiu (ou assume a próxima da fila).`}
        confirmLabel="Gerar código"
        onConfirm={() => navigate(otpPath(hubId))}
      />
    </>
  );
}
