import { zodResolver } from '@hookform/resolvers/zod';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/sheet';
import { errorMessage } from '@/lib/api-client';
import { MAX_COLLECT_NUMBER_LENGTH, MAX_ORDER_NUMBER, MAX_PRICE_PER_HOUR_CENTS } from '@/lib/hub-bounds';
import { useCreateLocker } from '../../api/create-locker';
import { useUpdateLocker } from '../../api/update-locker';
import type { Locker, LockerChange } from '../../types';
import { Field, fieldAria } from './field';
import { LOCKER_SIZES, LOCKER_STATUSES, LOCKER_TYPES, lockerFormSchema, lockerFormValuesOf, toLockerInput, type LockerFormValues } from './locker-form-schema';
import { padLocker } from './locker-moves';

interface LockerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hubId: string;
  /** The locker to edit; none to add one. */
  locker?: Locker;
  /** The order number a new locker gets by default (count + 1). */
  nextOrder: number;
  /** An edit's answer, with the reservations a deactivation moved or could not move. */
  onChanged?: (change: LockerChange) => void;
}

/** Add or edit one locker of a Hub (POST /api/lockers, PUT /api/lockers/{id}). */
export function LockerDialog({ open, onOpenChange, hubId, locker, nextOrder, onChanged }: LockerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{locker ? `Editar locker ${padLocker(locker.order_number)}` : 'Novo locker'}</DialogTitle>
        <DialogDescription>{locker ? 'Altere os dados do locker e salve.' : 'Preencha os dados do novo locker.'}</DialogDescription>
        {/* Mounted only while open: each opening starts from the locker's current values. */}
        {open && <LockerForm hubId={hubId} locker={locker} nextOrder={nextOrder} onChanged={onChanged} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LockerForm({ hubId, locker, nextOrder, onChanged, onClose }: Omit<LockerDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const create = useCreateLocker();
  const update = useUpdateLocker();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LockerFormValues>({ resolver: zodResolver(lockerFormSchema), defaultValues: lockerFormValuesOf(locker, nextOrder) });
  const type = watch('type');

  const onSubmit = async (values: LockerFormValues) => {
    setFormError(null);
    const input = toLockerInput(hubId, values);
    try {
      if (locker) {
        // The number is the Hub's order: it changes only when a locker before it is removed.
        const { hub_id: _hub, order_number: _order, ...changes } = input;
        const change = await update.mutateAsync({ id: locker.id, changes });
        toast.success('Locker atualizado com sucesso!');
        onChanged?.(change);
      } else {
        await create.mutateAsync(input);
        toast.success('Locker criado com sucesso!');
      }
      onClose();
    } catch (error) {
      const message = errorMessage(error, locker ? 'Erro ao atualizar locker' : 'Erro ao criar locker');
      setFormError(message);
      toast.error(locker ? 'Erro ao atualizar locker' : 'Erro ao criar locker', { description: message });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      {formError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive sm:col-span-2">
          {formError}
        </p>
      )}
      <Field
        id={id('order')}
        label="Ordem"
        required
        error={errors.order_number?.message}
        hint={locker ? 'Renumerado só quando um locker anterior é removido.' : undefined}
      >
        <Input
          id={id('order')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ORDER_NUMBER}
          step={1}
          readOnly={Boolean(locker)}
          {...fieldAria(id('order'), errors.order_number?.message, { required: true, hint: Boolean(locker) })}
          {...register('order_number')}
        />
      </Field>
      <Field id={id('size')} label="Tamanho">
        <Select id={id('size')} {...register('size')}>
          {LOCKER_SIZES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id('type')} label="Tipo">
        <Select
          id={id('type')}
          {...register('type', {
            // Only a Drop-Off locker has a collect door: leaving the type clears it (spec §4).
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== 'Drop-Off') setValue('collect_number', '');
            },
          })}
        >
          {LOCKER_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id('status')} label="Status">
        <Select id={id('status')} {...register('status')}>
          {LOCKER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id('price')} label="Preço por hora (R$)" required error={errors.price_per_hour?.message}>
        <Input
          id={id('price')}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_PRICE_PER_HOUR_CENTS / 100}
          step="0.01"
          {...fieldAria(id('price'), errors.price_per_hour?.message, { required: true })}
          {...register('price_per_hour')}
        />
      </Field>
      {type === 'Drop-Off' && (
        <Field id={id('collect')} label="Porta de Coleta" hint="Número da porta por onde a coleta é retirada." error={errors.collect_number?.message}>
          <Input
            id={id('collect')}
            {...fieldAria(id('collect'), errors.collect_number?.message, { hint: true })}
            {...register('collect_number')}
            maxLength={MAX_COLLECT_NUMBER_LENGTH}
            autoComplete="off"
          />
        </Field>
      )}
      {locker && watch('status') === 'Inativo' && locker.status === 'Ativo' && (
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Ao desativar, as reservas futuras deste locker serão movidas para outro locker livre do mesmo tamanho.
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {isSubmitting ? 'Salvando...' : locker ? 'Salvar locker' : 'Adicionar locker'}
        </Button>
      </div>
    </form>
  );
}
