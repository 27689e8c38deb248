import type { LucideIcon } from 'lucide-react';
import Building2 from 'lucide-react/icons/building-2';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import CircleCheck from 'lucide-react/icons/circle-check';
import ClockPlus from 'lucide-react/icons/clock-plus';
import CircleX from 'lucide-react/icons/circle-x';
import CreditCard from 'lucide-react/icons/credit-card';
import DoorOpen from 'lucide-react/icons/door-open';
import KeyRound from 'lucide-react/icons/key-round';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import PackageCheck from 'lucide-react/icons/package-check';
import PackageOpen from 'lucide-react/icons/package-open';
import PackagePlus from 'lucide-react/icons/package-plus';
import Pencil from 'lucide-react/icons/pencil';
import Power from 'lucide-react/icons/power';
import PowerOff from 'lucide-react/icons/power-off';
import QrCode from 'lucide-react/icons/qr-code';
import TimerOff from 'lucide-react/icons/timer-off';
import ShieldX from 'lucide-react/icons/shield-x';
import Trash2 from 'lucide-react/icons/trash-2';
import Truck from 'lucide-react/icons/truck';
import Undo2 from 'lucide-react/icons/undo-2';
import UserCheck from 'lucide-react/icons/user-check';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import UserX from 'lucide-react/icons/user-x';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Eye from 'lucide-react/icons/eye';
import { cn } from '@/lib/cn';
import type { HistoryKind } from '../../types';

// One icon and tint per kind, so a long trail can be scanned by eye: green for what starts or
// opens, red for what ends badly, amber for moves, neutral for edits.
const ICON: Record<HistoryKind, { icon: LucideIcon; tone: string }> = {
  hub_registered: { icon: Building2, tone: 'bg-secondary text-primary' },
  hub_changed: { icon: Pencil, tone: 'bg-muted text-muted-foreground' },
  hub_removed: { icon: Trash2, tone: 'bg-destructive/10 text-destructive' },
  installed: { icon: PackagePlus, tone: 'bg-secondary text-primary' },
  changed: { icon: Pencil, tone: 'bg-muted text-muted-foreground' },
  activated: { icon: Power, tone: 'bg-success/15 text-success' },
  deactivated: { icon: PowerOff, tone: 'bg-destructive/10 text-destructive' },
  removed: { icon: Trash2, tone: 'bg-destructive/10 text-destructive' },
  booked: { icon: CalendarPlus, tone: 'bg-secondary text-primary' },
  paid: { icon: CreditCard, tone: 'bg-success/15 text-success' },
  code_issued: { icon: KeyRound, tone: 'bg-muted text-muted-foreground' },
  opened: { icon: DoorOpen, tone: 'bg-secondary text-primary' },
  finalized: { icon: CircleCheck, tone: 'bg-success/15 text-success' },
  expired: { icon: TimerOff, tone: 'bg-accent/15 text-amber-800' },
  cancelled: { icon: CircleX, tone: 'bg-destructive/10 text-destructive' },
  moved_in: { icon: LogIn, tone: 'bg-accent/15 text-amber-800' },
  moved_out: { icon: LogOut, tone: 'bg-accent/15 text-amber-800' },
  left_for_pickup: { icon: PackageOpen, tone: 'bg-accent/15 text-amber-800' },
  pickup_claimed: { icon: Truck, tone: 'bg-secondary text-primary' },
  pickup_code_issued: { icon: KeyRound, tone: 'bg-muted text-muted-foreground' },
  pickup_completed: { icon: PackageCheck, tone: 'bg-success/15 text-success' },
  code_invalidated: { icon: ShieldX, tone: 'bg-destructive/10 text-destructive' },
  code_refused: { icon: ShieldX, tone: 'bg-destructive/10 text-destructive' },
  access_requested: { icon: UserPlus, tone: 'bg-accent/15 text-amber-800' },
  access_granted: { icon: UserCheck, tone: 'bg-success/15 text-success' },
  access_denied: { icon: UserX, tone: 'bg-destructive/10 text-destructive' },
  access_revoked: { icon: UserMinus, tone: 'bg-destructive/10 text-destructive' },
  staff_assigned: { icon: UserPlus, tone: 'bg-secondary text-primary' },
  staff_unassigned: { icon: UserMinus, tone: 'bg-muted text-muted-foreground' },
  partner_hub_added: { icon: Building2, tone: 'bg-secondary text-primary' },
  partner_hub_removed: { icon: Building2, tone: 'bg-muted text-muted-foreground' },
  pix_charge_created: { icon: QrCode, tone: 'bg-muted text-muted-foreground' },
  late_payment: { icon: TimerOff, tone: 'bg-accent/15 text-amber-800' },
  refund_requested: { icon: Undo2, tone: 'bg-accent/15 text-amber-800' },
  refund_settled: { icon: Undo2, tone: 'bg-success/15 text-success' },
  extended: { icon: ClockPlus, tone: 'bg-secondary text-primary' },
  // Issue 29: a door's state, its controller's outages.
  door_state: { icon: DoorOpen, tone: 'bg-muted text-muted-foreground' },
  controller_offline: { icon: WifiOff, tone: 'bg-destructive/10 text-destructive' },
  controller_online: { icon: Wifi, tone: 'bg-success/15 text-success' },
  alert_raised: { icon: TriangleAlert, tone: 'bg-destructive/10 text-destructive' },
  alert_acknowledged: { icon: Eye, tone: 'bg-accent/15 text-amber-800' },
  alert_resolved: { icon: CircleCheck, tone: 'bg-success/15 text-success' },
};

export function HistoryKindIcon({ kind, className }: { kind: HistoryKind; className?: string }) {
  const { icon: Icon, tone } = ICON[kind] ?? ICON.changed;
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone, className)} aria-hidden>
      <Icon className="size-4" />
    </span>
  );
}
