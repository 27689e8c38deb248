import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline (epoch ms by this device's clock), ticking four times a
 * second while it runs; null when there is no deadline.
 */
export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const running = deadline !== null && now < deadline;

  // A new deadline is counted from now, not from the last tick.
  useEffect(() => setNow(Date.now()), [deadline]);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);

  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}
