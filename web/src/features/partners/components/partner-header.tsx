import Plus from 'lucide-react/icons/plus';
import { Button } from '@/components/ui/button';
import type { Partner } from '../types';
import { BackToPartners } from './partner-states';

/** The users and Hubs pages' header: the partner's name and company, and the add button. */
export function PartnerHeader({ partner, title, addLabel, onAdd }: { partner: Partner | undefined; title: string; addLabel: string; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <BackToPartners to={partner ? `/dashboard/partners/${partner.id}` : '/dashboard/partners'} label="Voltar ao parceiro" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted-foreground">{partner ? `${partner.name} · ${partner.company_name}` : ' '}</p>
        </div>
        <Button onClick={onAdd} disabled={!partner}>
          <Plus aria-hidden /> {addLabel}
        </Button>
      </div>
    </div>
  );
}
