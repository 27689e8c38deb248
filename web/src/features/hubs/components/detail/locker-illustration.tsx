import type { LockerSize } from '@/features/hubs/types';
import { cn } from '@/lib/cn';

// A small locker drawn in proportion to its front (height × width, from the size catalogue), so the
// four cards compare at a glance. Decorative: the card text carries the information.
const FRONT: Record<LockerSize, { w: number; h: number }> = {
  P: { w: 60, h: 28 },
  M: { w: 60, h: 38 },
  G: { w: 80, h: 60 },
  X: { w: 90, h: 78 },
};

const GROUND = 100;
const DX = 14;
const DY = -10;

export function LockerIllustration({ size, className }: { size: LockerSize; className?: string }) {
  const { w, h } = FRONT[size];
  const x = (120 - w - DX) / 2;
  const y = GROUND - h;
  const doorInset = 5;
  const doorW = w - doorInset * 2;
  const doorH = h - doorInset * 2;
  const vents = h >= 38 ? 3 : 2;
  return (
    <svg viewBox="0 0 120 108" className={cn('h-auto w-full', className)} aria-hidden focusable="false">
      <ellipse cx={60 + DX / 4} cy={GROUND + 3} rx={w / 2 + 14} ry={4} fill="#0f1a17" opacity={0.08} />
      {/* top and side faces */}
      <polygon
        points={`${x},${y} ${x + DX},${y + DY} ${x + w + DX},${y + DY} ${x + w},${y}`}
        fill="#f0fdfa"
        stroke="#0f766e"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      <polygon
        points={`${x + w},${y} ${x + w + DX},${y + DY} ${x + w + DX},${GROUND + DY} ${x + w},${GROUND}`}
        fill="#5eead4"
        stroke="#0f766e"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      {/* front and door */}
      <rect x={x} y={y} width={w} height={h} rx={2} fill="#ccfbf1" stroke="#0f766e" strokeWidth={1.5} />
      <rect x={x + doorInset} y={y + doorInset} width={doorW} height={doorH} rx={2} fill="#ffffff" stroke="#0f766e" strokeWidth={1.2} />
      {Array.from({ length: vents }, (_, i) => (
        <line
          key={i}
          x1={x + doorInset + 6}
          x2={x + doorInset + Math.min(26, doorW * 0.45)}
          y1={y + doorInset + 5 + i * 4}
          y2={y + doorInset + 5 + i * 4}
          stroke="#0f766e"
          strokeWidth={1.2}
          strokeLinecap="round"
          opacity={0.45}
        />
      ))}
      <rect x={x + w - doorInset - 8} y={y + h / 2 - 5} width={3} height={10} rx={1.5} fill="#0f766e" />
      <circle cx={x + w - doorInset - 6.5} cy={y + doorInset + 5} r={1.6} fill="#f59e0b" />
    </svg>
  );
}
