import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import CircleSlash from 'lucide-react/icons/circle-slash';
import { Badge } from '@/components/ui/badge';
import { controllerText } from '../door-labels';
import type { ControllerInfo } from '../types';

/** The Hub's controller, in words (an icon and color only repeat them). */
export function ControllerBadge({ controller }: { controller: Pick<ControllerInfo, 'status' | 'offline_since'> }) {
  const Icon = controller.status === 'online' ? Wifi : controller.status === 'offline' ? WifiOff : CircleSlash;
  const variant = controller.status === 'online' ? 'success' : controller.status === 'offline' ? 'destructive' : 'secondary';
  return (
    <Badge variant={variant} data-controller-status={controller.status}>
      <Icon className="size-3.5" aria-hidden />
      {controllerText(controller)}
    </Badge>
  );
}
