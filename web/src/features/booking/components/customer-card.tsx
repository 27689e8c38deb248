import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import UserRound from 'lucide-react/icons/user-round';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/features/auth';
import { maskPhone } from '@/lib/format';

export function CustomerCard({ user }: { user: User | null }) {
  const rows = [
    { icon: UserRound, label: 'Nome', value: user?.name || 'Não informado' },
    { icon: Mail, label: 'E-mail', value: user?.email || 'Não informado' },
    { icon: Phone, label: 'Telefone', value: user?.phone ? maskPhone(user.phone) : 'Não informado' },
  ];
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Seus dados</CardTitle>
      </CardHeader>
      <CardContent>
        {/* dl > div > dt + dd only: the icon sits inside the dt, placed at the row's left edge. */}
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative min-w-0 rounded-md bg-muted/60 py-2.5 pr-3 pl-10">
              <dt className="text-xs text-muted-foreground">
                <Icon className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary" aria-hidden />
                {label}
              </dt>
              <dd className="truncate text-sm font-medium" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
