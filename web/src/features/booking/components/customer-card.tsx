import { Mail, Phone, UserRound } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/features/auth/types';
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
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex min-w-0 items-center gap-3 rounded-md bg-muted/60 px-3 py-2.5">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="truncate text-sm font-medium" title={value}>
                  {value}
                </dd>
              </div>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
