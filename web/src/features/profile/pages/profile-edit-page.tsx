import ArrowLeft from 'lucide-react/icons/arrow-left';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Loading } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/features/auth';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { BRAZIL_STATES } from '@/lib/br-documents';
import { profileQueryKey, updateProfile, useProfile } from '../api/profile-api';
import { AvatarUpload } from '../components/avatar-upload';
import { ProfileMessages, changedProfileFields, maskOf, profileErrors, profileFormValues, type ProfileFormValues, type TextField } from '../profile-form';
import type { Profile } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

interface FieldSpec {
  field: TextField;
  label: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  /** Letters typed in upper case on phone keyboards (the alphanumeric CNPJ). */
  autoCapitalize?: 'characters';
  placeholder?: string;
  wide?: boolean;
}

const PERSONAL: FieldSpec[] = [
  { field: 'name', label: 'Nome', autoComplete: 'name', wide: true },
  { field: 'phone', label: 'Telefone', autoComplete: 'tel-national', inputMode: 'tel', placeholder: '(11) 98765-4321' },
  { field: 'rg', label: 'RG' },
  { field: 'cpf', label: 'CPF', inputMode: 'numeric', placeholder: '000.000.000-00' },
  // Letters too: new CNPJs are alphanumeric (12.ABC.345/01DE-35), so no numeric keyboard.
  { field: 'cnpj', label: 'CNPJ', inputMode: 'text', autoCapitalize: 'characters', placeholder: '00.000.000/0000-00' },
];
const ADDRESS: FieldSpec[] = [
  { field: 'postal_code', label: 'CEP', autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '00000-000' },
  { field: 'address', label: 'Endereço', autoComplete: 'address-line1', wide: true },
  { field: 'address_number', label: 'Número' },
  { field: 'complement', label: 'Complemento', autoComplete: 'address-line2' },
  { field: 'neighborhood', label: 'Bairro' },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2' },
];

export default function ProfileEditPage() {
  usePageTitle('Editar perfil');
  const { user } = useAuth();
  const profile = useProfile(Boolean(user));

  if (!user) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Acesso Negado</h1>
        <p className="text-muted-foreground">{ProfileMessages.notAuthenticated}</p>
        <Button asChild>
          <Link to="/login">Fazer Login</Link>
        </Button>
      </div>
    );
  }
  if (profile.isPending) return <Loading label="Carregando perfil..." />;
  if (profile.isError) return <p className="px-4 py-16 text-center text-destructive">{errorMessage(profile.error, 'Erro ao carregar o perfil.')}</p>;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { replaceUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: maskOf(field)(value) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || uploading) return;
    const changes = changedProfileFields(profile, values);
    if (Object.keys(changes).length === 0) {
      toast.info(ProfileMessages.noChanges);
      return;
    }
    const found = profileErrors(changes);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(ProfileMessages.saveFailed(Object.values(found)[0]));
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProfile(changes);
      queryClient.setQueryData(profileQueryKey, saved);
      replaceUser(saved);
      toast.success(ProfileMessages.saved);
      navigate('/profile');
    } catch (caught) {
      const field = caught instanceof ApiError ? (caught.details?.field as TextField | undefined) : undefined;
      const message = errorMessage(caught, '');
      if (field) setErrors({ [field]: message });
      toast.error(ProfileMessages.saveFailed(message));
      setBusy(false);
    }
  };

  const input = ({ field, label, autoComplete, inputMode, autoCapitalize, placeholder, wide }: FieldSpec) => {
    const id = `profile-${field}`;
    return (
      <div key={field} className={wide ? 'sm:col-span-2' : undefined}>
        <FormField id={id} label={label} error={errors[field]}>
          <Input
            id={id}
            name={field}
            value={values[field]}
            autoComplete={autoComplete ?? 'off'}
            inputMode={inputMode}
            autoCapitalize={autoCapitalize}
            placeholder={placeholder}
            onChange={(event) => set(field, event.target.value)}
            {...fieldAria(id, errors[field])}
          />
        </FormField>
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Button asChild variant="ghost" className="mb-4">
        <Link to="/profile">
          <ArrowLeft aria-hidden /> Voltar ao perfil
        </Link>
      </Button>
      <h1 className="mb-6 text-2xl font-bold">Editar Perfil</h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Foto de perfil</CardTitle>
          </CardHeader>
          <CardContent>
            <AvatarUpload
              name={values.name}
              value={values.avatar_url}
              onChange={(url) => setValues((v) => ({ ...v, avatar_url: url }))}
              onUploadingChange={setUploading}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Dados pessoais</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {input(PERSONAL[0]!)}
            <div className="sm:col-span-2">
              <FormField id="profile-email" label="E-mail" hint={ProfileMessages.emailImmutable}>
                <Input id="profile-email" value={profile.email} readOnly disabled aria-describedby="profile-email-hint" />
              </FormField>
            </div>
            {PERSONAL.slice(1).map(input)}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Endereço</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {ADDRESS.map(input)}
            <FormField id="profile-state" label="Estado" error={errors.state}>
              <select
                id="profile-state"
                name="state"
                value={values.state}
                onChange={(event) => set('state', event.target.value)}
                className="flex h-10 w-full rounded-md border bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
                {...fieldAria('profile-state', errors.state)}
              >
                <option value="">Selecione</option>
                {BRAZIL_STATES.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex items-center justify-between gap-4 pt-6">
            <Label htmlFor="profile-hide-publics">Ocultar Hubs públicos na minha lista</Label>
            <Switch id="profile-hide-publics" checked={values.hidePublics} onCheckedChange={(checked) => setValues((v) => ({ ...v, hidePublics: checked }))} />
          </CardContent>
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/profile">Cancelar</Link>
          </Button>
          <Button type="submit" disabled={busy || uploading}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? 'Salvando...' : 'Salvar alterações'}
          </Button>
        </div>
      </form>
    </div>
  );
}
