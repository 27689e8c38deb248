import { StaffHubsEditor } from '@/features/staff';
import type { Operator } from '../types';

// Logistics and maintenance operators work the Hubs assigned to them (ADR 0020); the editor saves
// on its own (PUT /api/operators/{id}/hubs), apart from the operator's form.
const HOLDS_HUBS: ReadonlySet<Operator['role']> = new Set(['logistics', 'maintenance']);

export function OperatorHubsSection({ operator }: { operator: Operator }) {
  if (!HOLDS_HUBS.has(operator.role)) return null;
  return (
    <section aria-labelledby="operator-hubs-title" className="mt-6 space-y-3 border-t pt-6">
      <div className="space-y-1">
        <h3 id="operator-hubs-title" className="font-semibold">
          Hubs atribuídos
        </h3>
        <p className="text-sm text-muted-foreground">Os Hubs em que {operator.name} trabalha: telas de logística, coletas e códigos de coleta.</p>
      </div>
      <StaffHubsEditor operatorId={operator.id} />
    </section>
  );
}
