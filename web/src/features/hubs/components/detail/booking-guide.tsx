import CalendarClock from 'lucide-react/icons/calendar-clock';
import CreditCard from 'lucide-react/icons/credit-card';
import KeyRound from 'lucide-react/icons/key-round';
import Package from 'lucide-react/icons/package';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SIZE_CATALOGUE, type LockerSize } from '@/features/hubs/types';

const STEPS = [
  { icon: Package, title: 'Escolha o tamanho', text: 'Selecione o locker ideal para o que você vai guardar.' },
  { icon: CalendarClock, title: 'Escolha o período', text: 'Defina a data, o horário de início e a duração.' },
  { icon: CreditCard, title: 'Pague', text: 'Pague por hora com cartão de crédito ou PIX.' },
  { icon: KeyRound, title: 'Receba o código de acesso', text: 'Digite o código no teclado do Hub para abrir o locker.' },
] as const;

const LEGEND: LockerSize[] = ['P', 'M', 'G', 'X'];

export function BookingGuide() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Como reservar</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <step.icon className="size-5" aria-hidden />
                <span className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-primary-foreground">
                  {index + 1}
                </span>
              </span>
              <div>
                <p className="font-medium leading-tight">{step.title}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

export function SizeLegend() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Tamanhos</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {LEGEND.map((size) => (
            <div key={size} className="flex items-center gap-3 rounded-md bg-muted/60 px-3 py-2">
              <dt className="flex size-8 shrink-0 items-center justify-center rounded-md bg-card font-bold text-primary shadow-sm">{size}</dt>
              <dd className="min-w-0 text-sm">
                <span className="font-medium">{SIZE_CATALOGUE[size].name}</span>
                <span className="block text-muted-foreground">{SIZE_CATALOGUE[size].dimensions}</span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
