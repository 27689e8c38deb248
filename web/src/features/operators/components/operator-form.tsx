import Loader2 from 'lucide-react/icons/loader-circle';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ROLE_LABELS } from '@contract/operators/role-labels';
import { Button } from '@/components/ui/button';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { NewOperator, OperatorChange } from '../api/operators-api';
import type { Operator } from '../types';

// The operator form (spec §5 "Operator form"): name and e-mail required, no password (the new
// operator is mailed an invitation), the master's e-mail reserved and fixed. Further sections (the
// operator's Hubs) follow it in the sheet, outside this form.

export const FormMessages = {
  required: 'Nome e email são obrigatórios.',
  masterReserved: 'Este email é reservado para o operador master.',
  masterEmailFixed: 'O email do operador master não pode ser alterado.',
  emailFixed: 'O e-mail não pode ser alterado por questões de segurança',
} as const;

const ROLES = Object.keys(ROLE_LABELS) as Operator['role'][];

const ROLE_HINTS: Record<Operator['role'], string> = {
  admin: 'Acesso a todo o dashboard: Hubs, operadores, parceiros e configurações.',
  logistics: 'Hubs atribuídos, coletas e códigos de coleta.',
  maintenance: 'Manutenção dos lockers dos Hubs atribuídos.',
  partner: 'Acesso de parceiro.',
  user: 'Sem acesso ao dashboard.',
};

export type OperatorFormResult = { kind: 'create'; body: NewOperator } | { kind: 'update'; body: OperatorChange };

interface OperatorFormProps {
  /** The operator edited; undefined adds a new one. */
  operator?: Operator;
  /** The master's e-mail (from the list), reserved for it. */
  masterEmail: string | null;
  /** The server's refusal of the last save, shown above the buttons. */
  serverError?: string;
  pending: boolean;
  onSubmit: (result: OperatorFormResult) => void;
  onCancel: () => void;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded-lg border bg-card p-4">
      <div>
        <h3 className="font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

export function OperatorForm({ operator, masterEmail, serverError, pending, onSubmit, onCancel }: OperatorFormProps) {
  const [name, setName] = useState(operator?.name ?? '');
  const [email, setEmail] = useState(operator?.email ?? '');
  const [phone, setPhone] = useState(operator?.phone ?? '');
  const [role, setRole] = useState<Operator['role']>(operator?.role ?? 'user');
  const [error, setError] = useState<string>();
  const isMaster = operator?.is_master ?? false;
  // An account in use keeps its e-mail; a pending invitation may go to a corrected address.
  const emailLocked = isMaster || (operator !== undefined && !operator.invitation_pending);
  const emailHint = isMaster
    ? FormMessages.masterEmailFixed
    : emailLocked
      ? FormMessages.emailFixed
      : operator
        ? 'Convite pendente: corrigir o email envia um novo convite para o novo endereço.'
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { name: name.trim(), email: email.trim().toLowerCase(), phone: phone.trim() };
    if (!trimmed.name || !trimmed.email) return setError(FormMessages.required);
    if (!isMaster && masterEmail && trimmed.email === masterEmail.toLowerCase() && trimmed.email !== operator?.email.toLowerCase()) {
      return setError(FormMessages.masterReserved);
    }
    setError(undefined);
    if (!operator)
      return onSubmit({ kind: 'create', body: { name: trimmed.name, email: trimmed.email, role, ...(trimmed.phone ? { phone: trimmed.phone } : {}) } });
    const body: OperatorChange = {};
    if (trimmed.name !== operator.name) body.name = trimmed.name;
    if (!emailLocked && trimmed.email !== operator.email) body.email = trimmed.email;
    if (trimmed.phone !== (operator.phone ?? '')) body.phone = trimmed.phone || null;
    if (role !== operator.role) body.role = role;
    onSubmit({ kind: 'update', body });
  };

  // 'Nome e email são obrigatórios.' sits under the first empty field; anything else above the buttons.
  const requiredOn = error === FormMessages.required ? (!name.trim() ? 'name' : 'email') : null;
  const shown = requiredOn ? serverError : (error ?? serverError);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Section title="Dados do operador">
        <FormField id="operator-name" label="Nome" error={requiredOn === 'name' ? error : undefined}>
          <Input
            id="operator-name"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...fieldAria('operator-name', requiredOn === 'name' ? error : undefined)}
            autoFocus
          />
        </FormField>
        <FormField id="operator-email" label="Email" hint={emailHint} error={requiredOn === 'email' ? error : undefined}>
          <Input
            id="operator-email"
            {...emailInputProps}
            autoComplete="off"
            placeholder="operador@empresa.com"
            value={email}
            disabled={emailLocked}
            onChange={(e) => setEmail(e.target.value)}
            {...fieldAria('operator-email', requiredOn === 'email' ? error : undefined, emailHint !== undefined)}
          />
        </FormField>
        <FormField id="operator-phone" label="Telefone (opcional)">
          <Input
            id="operator-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(11) 98765-4321"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </FormField>
      </Section>
      <Section
        title="Acesso"
        description={
          operator ? 'Mudar o papel encerra as sessões abertas do operador.' : 'Sem senha: o operador recebe um email com um link para definir a própria senha.'
        }
      >
        <FormField id="operator-role" label="Papel" hint={isMaster ? 'O operador master continua administrador.' : ROLE_HINTS[role]}>
          <Select
            id="operator-role"
            value={role}
            disabled={isMaster}
            onChange={(e) => setRole(e.target.value as Operator['role'])}
            {...fieldAria('operator-role', undefined, true)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </FormField>
      </Section>
      {shown && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {shown}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {operator ? 'Salvar alterações' : 'Adicionar operador'}
        </Button>
      </div>
    </form>
  );
}
