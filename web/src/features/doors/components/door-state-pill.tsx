import DoorClosed from 'lucide-react/icons/door-closed';
import DoorOpen from 'lucide-react/icons/door-open';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { cn } from '@/lib/cn';
import { doorStateText, doorTone, type Tone } from '../door-labels';
import type { DoorInfo } from '../types';

const toneClass: Record<Tone, string> = {
  success: 'border-success/40 bg-success/10 text-success',
  danger: 'border-destructive/40 bg-destructive/10 text-destructive',
  warning: 'border-amber-500/50 bg-amber-50 text-amber-900',
  muted: 'border-border bg-muted text-muted-foreground',
};

/** A door's state in words, with an icon and a tint that only repeat them. */
export function DoorStatePill({ state }: Pick<DoorInfo, 'state'>) {
  const Icon = state === 'jammed' || state === 'forced' ? ShieldAlert : state === 'closed' ? DoorClosed : DoorOpen;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold', toneClass[doorTone(state)])}>
      <Icon className="size-4 shrink-0" aria-hidden />
      {doorStateText({ state })}
    </span>
  );
}
