import Delete from 'lucide-react/icons/delete';
import LockOpen from 'lucide-react/icons/lock-open';
import { Button } from '@/components/ui/button';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
export const MAX_CODE_LENGTH = 8;

interface KeypadProps {
  onDigit: (digit: string) => void;
  onBackspace: () => void;
  onClear: () => void;
  canOpen: boolean;
  pending: boolean;
}

/**
 * The terminal's on-screen keys. The code field above it takes the physical keyboard, so the
 * keys are a second way in; 'Abrir' is the form's submit button (Enter works too).
 */
export function Keypad({ onDigit, onBackspace, onClear, canOpen, pending }: KeypadProps) {
  return (
    <div className="grid grid-cols-3 gap-2" role="group" aria-label="Teclado">
      {DIGITS.map((d) => (
        <Button key={d} type="button" variant="outline" className="h-14 text-xl" onClick={() => onDigit(d)}>
          {d}
        </Button>
      ))}
      <Button type="button" variant="outline" className="h-14" onClick={onClear}>
        Limpar
      </Button>
      <Button type="button" variant="outline" className="h-14 text-xl" onClick={() => onDigit('0')}>
        0
      </Button>
      <Button type="button" variant="outline" className="h-14" onClick={onBackspace} aria-label="Apagar">
        <Delete aria-hidden />
      </Button>
      <Button type="submit" className="col-span-3 h-14 text-lg" disabled={!canOpen || pending}>
        <LockOpen aria-hidden /> Abrir
      </Button>
    </div>
  );
}
