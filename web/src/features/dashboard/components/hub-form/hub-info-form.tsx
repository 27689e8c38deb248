import { zodResolver } from '@hookform/resolvers/zod';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { generateSecretKey } from '@/lib/hub-secret-key';
import { useCreateHub } from '../../api/create-hub';
import { useUpdateHub } from '../../api/update-hub';
import type { AdminHub, HubInput } from '../../types';
import { Field, fieldAria } from './field';
import {
  HUB_HARDWARE,
  HUB_TYPES,
  HubFormMessages,
  fieldOfServerError,
  formLevelMessage,
  hubFormSchema,
  hubFormValuesOf,
  hubTextLimit,
  requiredFields,
  secretKeyHint,
  toHubInput,
  type HubFormValues,
  type HubFormVariant,
} from './hub-form-schema';
import { ImagePicker } from './image-picker';

interface HubInfoFormProps {
  hub?: AdminHub;
  variant: HubFormVariant;
  onSaved?: (hub: AdminHub) => void;
  onCancel?: () => void;
}

const TEXT_FIELDS: { name: 'name' | 'address' | 'zipcode' | 'city' | 'state' | 'country'; label: string; autoComplete?: string; placeholder?: string }[] = [
  { name: 'name', label: 'Nome', placeholder: 'Locker Centro' },
  { name: 'address', label: 'Endereço', autoComplete: 'street-address', placeholder: 'Rua, número' },
  { name: 'zipcode', label: 'CEP', autoComplete: 'postal-code', placeholder: '00000-000' },
  { name: 'city', label: 'Cidade', autoComplete: 'address-level2' },
  { name: 'state', label: 'Estado', autoComplete: 'address-level1', placeholder: 'SP' },
  { name: 'country', label: 'País', autoComplete: 'country' },
];

/** The 'Informações' tab: every Hub field, validated as spec §5 says, saved with POST or PUT. */
export function HubInfoForm({ hub, variant, onSaved, onCancel }: HubInfoFormProps) {
  const mode = hub ? 'edit' : 'create';
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const required = new Set<string>(requiredFields(variant, mode).fields);
  const create = useCreateHub();
  const update = useUpdateHub(hub?.id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  // A new Hub starts with a random key (issue 24 item 3): the spec makes the field required.
  const [newHubDefaults] = useState(() => ({ ...hubFormValuesOf(undefined), secretKey: generateSecretKey() }));
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<HubFormValues>({
    resolver: zodResolver(hubFormSchema(variant, mode, hub?.secret_key)),
    defaultValues: hub ? hubFormValuesOf(hub) : newHubDefaults,
  });
  const isPrivate = watch('private');

  const onValid = async (values: HubFormValues) => {
    setFormError(null);
    // Spec §5: the admin form saves a Hub only once it has a locker (added in the Lockers tab).
    if (hub && variant === 'admin' && hub.lockers.length === 0) {
      setFormError(HubFormMessages.needLocker);
      toast.error(HubFormMessages.needLocker);
      return;
    }
    const input = toHubInput(values);
    try {
      let saved: AdminHub;
      if (hub) {
        // The ID is fixed; an empty secret key (logistics edit) leaves the stored one as it is.
        const { id: _fixed, ...rest } = input;
        const changes: Partial<HubInput> = rest;
        if (!changes.secretKey) delete changes.secretKey;
        saved = await update.mutateAsync(changes);
        toast.success('Hub atualizado com sucesso!');
      } else {
        saved = await create.mutateAsync(input);
        toast.success('Hub criado com sucesso!');
      }
      reset(hubFormValuesOf(saved));
      onSaved?.(saved);
    } catch (error) {
      const message = errorMessage(error, 'Erro ao salvar o Hub');
      setFormError(message);
      toast.error(hub ? 'Erro ao atualizar o Hub' : 'Erro ao criar o Hub', { description: message });
      const field = error instanceof ApiError ? fieldOfServerError(error.code) : null;
      if (field) setError(field, { message }, { shouldFocus: true });
    }
  };

  const onInvalid = (invalid: FieldErrors<HubFormValues>) => {
    const message = formLevelMessage(invalid, variant, mode);
    setFormError(message);
    if (message) toast.error(message);
  };

  const text = (name: keyof HubFormValues, extra: { hint?: boolean } = {}) => ({
    id: id(name),
    ...fieldAria(id(name), errors[name]?.message, { hint: extra.hint, required: required.has(name) }),
    ...register(name),
    maxLength: hubTextLimit(name),
  });

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="flex flex-col gap-6" aria-label={hub ? `Editar Hub ${hub.id}` : 'Novo Hub'}>
      {formError && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{formError}</span>
        </div>
      )}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Identificação</legend>
        <Field
          id={id('id')}
          label="ID"
          required={required.has('id')}
          error={errors.id?.message}
          hint={hub ? 'O ID não pode ser alterado.' : 'Duas letras e dois números, ex.: SP-01.'}
        >
          <Input
            {...text('id', { hint: true })}
            disabled={Boolean(hub)}
            placeholder="XX-00"
            maxLength={5}
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase"
          />
        </Field>
        <Field
          id={id('secretKey')}
          label="Chave Secreta"
          required={required.has('secretKey')}
          error={errors.secretKey?.message}
          hint={secretKeyHint(mode, hub?.secret_key)}
        >
          <div className="flex gap-2">
            <Input {...text('secretKey', { hint: true })} maxLength={10} autoComplete="off" spellCheck={false} className="font-mono" />
            <Button
              type="button"
              variant="outline"
              onClick={() => setValue('secretKey', generateSecretKey(), { shouldDirty: true, shouldValidate: true })}
              title="Gerar uma chave aleatória de 10 caracteres"
            >
              Gerar
            </Button>
          </div>
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Endereço</legend>
        {TEXT_FIELDS.map((f) => (
          <Field
            key={f.name}
            id={id(f.name)}
            label={f.label}
            required={required.has(f.name)}
            error={errors[f.name]?.message}
            className={f.name === 'address' ? 'sm:col-span-2' : undefined}
          >
            <Input {...text(f.name)} autoComplete={f.autoComplete ?? 'off'} placeholder={f.placeholder} />
          </Field>
        ))}
        <Field id={id('description')} label="Descrição" required={required.has('description')} error={errors.description?.message} className="sm:col-span-2">
          <Textarea {...text('description')} rows={3} />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Localização</legend>
        <Field id={id('latitude')} label="Latitude" required={required.has('latitude')} error={errors.latitude?.message}>
          <Input {...text('latitude')} type="number" inputMode="decimal" step="0.0001" min={-90} max={90} placeholder="-23.5505" />
        </Field>
        <Field id={id('longitude')} label="Longitude" required={required.has('longitude')} error={errors.longitude?.message}>
          <Input {...text('longitude')} type="number" inputMode="decimal" step="0.0001" min={-180} max={180} placeholder="-46.6333" />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Configuração</legend>
        <Field id={id('hardware')} label="Hardware">
          <Select id={id('hardware')} {...register('hardware')}>
            {HUB_HARDWARE.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('type')} label="Tipo">
          <Select id={id('type')} {...register('type')}>
            {HUB_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </Field>
        <Controller
          control={control}
          name="private"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-md border p-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor={id('private')}>Hub privado</Label>
                <p id={id('private-hint')} className="text-xs text-muted-foreground">
                  Só quem tem acesso pode reservar.
                </p>
              </div>
              <Switch id={id('private')} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-describedby={id('private-hint')} />
            </div>
          )}
        />
        {isPrivate && (
          <Controller
            control={control}
            name="autoRegistration"
            render={({ field }) => (
              <div className="flex items-center justify-between gap-4 rounded-md border p-3">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={id('autoRegistration')}>Autocadastro</Label>
                  <p id={id('autoRegistration-hint')} className="text-xs text-muted-foreground">
                    O acesso é concedido sem aprovação.
                  </p>
                </div>
                <Switch
                  id={id('autoRegistration')}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby={id('autoRegistration-hint')}
                />
              </div>
            )}
          />
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold">Imagem</legend>
        <Controller
          control={control}
          name="image_url"
          render={({ field }) => <ImagePicker value={field.value} onChange={field.onChange} onUploadingChange={setUploading} disabled={isSubmitting} />}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {isSubmitting ? 'Salvando...' : hub ? 'Salvar alterações' : 'Criar Hub'}
        </Button>
      </div>
    </form>
  );
}
