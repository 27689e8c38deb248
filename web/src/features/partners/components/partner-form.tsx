import Loader2 from 'lucide-react/icons/loader-circle';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { isValidCep, isValidCnpj, maskCep, maskCnpj, maskPhone } from '@/lib/br-documents';
import { EMAIL_PATTERN, PartnerMessages } from '@/lib/partner-messages';
import type { PartnerInput } from '../api/partners-api';
import type { Partner } from '../types';

// The partner form (spec "Partners" form and §5): three cards, basic info (with 'Ativo' only when
// editing), company info, address. The checks are the server's, with the same messages.

type Values = Required<Omit<PartnerInput, 'is_active'>> & { is_active: boolean };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  cnpj: '',
  company_name: '',
  trading_name: '',
  address: '',
  address_number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  postal_code: '',
  is_active: true,
};

const valuesOf = (p: Partner): Values => ({
  name: p.name,
  email: p.email,
  phone: p.phone ? maskPhone(p.phone) : '',
  cnpj: p.cnpj ? maskCnpj(p.cnpj) : '',
  company_name: p.company_name,
  trading_name: p.trading_name,
  address: p.address,
  address_number: p.address_number,
  complement: p.complement,
  neighborhood: p.neighborhood,
  city: p.city,
  state: p.state,
  postal_code: p.postal_code ? maskCep(p.postal_code) : '',
  is_active: p.is_active,
});

export function validatePartner(v: Values): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = PartnerMessages.nameRequired;
  if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = PartnerMessages.emailInvalid;
  if (!v.company_name.trim()) errors.company_name = PartnerMessages.companyRequired;
  if (v.cnpj.trim() && !isValidCnpj(v.cnpj)) errors.cnpj = PartnerMessages.cnpjInvalid;
  if (v.postal_code.trim() && !isValidCep(v.postal_code)) errors.postal_code = PartnerMessages.cepInvalid;
  return errors;
}

const MASKS: Partial<Record<Field, (v: string) => string>> = { cnpj: maskCnpj, postal_code: maskCep, phone: maskPhone };

interface PartnerFormProps {
  partner?: Partner;
  pending: boolean;
  onSubmit: (body: PartnerInput) => void;
  onCancel: () => void;
}

export function PartnerForm({ partner, pending, onSubmit, onCancel }: PartnerFormProps) {
  const editing = Boolean(partner);
  const [values, setValues] = useState<Values>(partner ? valuesOf(partner) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: Field, raw: string) => {
    const value = MASKS[field]?.(raw) ?? raw;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePartner(values);
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      document.getElementById(`partner-${first}`)?.focus();
      return;
    }
    const { is_active, ...rest } = values;
    onSubmit(editing ? { ...rest, is_active } : rest);
  };

  const field = (name: Field, label: string, extra: Partial<React.ComponentProps<typeof Input>> = {}) => (
    <FormField id={`partner-${name}`} label={label} error={errors[name]}>
      <Input
        id={`partner-${name}`}
        value={values[name] as string}
        onChange={(e) => set(name, e.target.value)}
        {...fieldAria(`partner-${name}`, errors[name])}
        {...extra}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-label={editing ? 'Editar Parceiro' : 'Novo Parceiro'}>
      <Card>
        <CardHeader>
          <CardTitle>Informações básicas</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {field('name', 'Nome *', { autoComplete: 'name' })}
          {field('email', 'Email *', { type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false })}
          {field('phone', 'Telefone', { type: 'tel', inputMode: 'tel', placeholder: '(11) 98765-4321' })}
          {editing && (
            <div className="flex items-center gap-3 self-end pb-2">
              <Switch id="partner-is_active" checked={values.is_active} onCheckedChange={(checked) => setValues((v) => ({ ...v, is_active: checked }))} />
              <Label htmlFor="partner-is_active">Ativo</Label>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Informações da empresa</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {field('company_name', 'Razão social *')}
          {field('trading_name', 'Nome fantasia')}
          {field('cnpj', 'CNPJ', { placeholder: '00.000.000/0000-00', autoCapitalize: 'characters', spellCheck: false })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Endereço</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {field('postal_code', 'CEP', { inputMode: 'numeric', placeholder: '00000-000', autoComplete: 'postal-code' })}
          {field('address', 'Endereço', { autoComplete: 'address-line1' })}
          {field('address_number', 'Número')}
          {field('complement', 'Complemento')}
          {field('neighborhood', 'Bairro')}
          {field('city', 'Cidade')}
          {field('state', 'Estado (UF)', { maxLength: 2, autoCapitalize: 'characters', placeholder: 'SP' })}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {editing ? 'Salvar alterações' : 'Criar parceiro'}
        </Button>
      </div>
    </form>
  );
}
