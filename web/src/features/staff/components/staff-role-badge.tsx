import { Badge } from '@/components/ui/badge';

// The badges of the roles that may hold Hubs (docs/adr/0020).
const LABELS: Record<string, string> = { logistics: 'Logística', maintenance: 'Manutenção' };

export function StaffRoleBadge({ role }: { role: string }) {
  return <Badge variant={role === 'maintenance' ? 'warning' : 'secondary'}>{LABELS[role] ?? role}</Badge>;
}
