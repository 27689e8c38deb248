import Crown from 'lucide-react/icons/crown';
import { ROLE_LABELS } from '@contract/operators/role-labels';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { Operator } from '../types';

// Spec §6 badges: Master for the reserved account, then the role's own (Administrador, Logística,
// Usuário, and Manutenção, Parceiro).
const VARIANT: Record<Operator['role'], BadgeProps['variant']> = {
  admin: 'default',
  logistics: 'secondary',
  maintenance: 'warning',
  partner: 'success',
  user: 'outline',
};

export function RoleBadge({ role }: { role: Operator['role'] }) {
  return <Badge variant={VARIANT[role]}>{ROLE_LABELS[role]}</Badge>;
}

export function MasterBadge() {
  return (
    <Badge variant="default" className="bg-amber-700 text-white">
      <Crown className="size-3" aria-hidden /> Master
    </Badge>
  );
}

/** Invited, no password yet. */
export function PendingBadge() {
  return <Badge variant="outline">Convite pendente</Badge>;
}

export function OperatorBadges({ operator }: { operator: Operator }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {operator.is_master && <MasterBadge />}
      <RoleBadge role={operator.role} />
      {operator.invitation_pending && <PendingBadge />}
    </span>
  );
}
