import { useSecondsLeft } from '@/lib/use-seconds-left';

/**
 * Seconds left to pay an unpaid reservation (its payment_due_at, by this device's clock), ticking
 * while it runs. null when nothing is owed by a deadline. The server stays the judge: a payment
 * it refuses as late comes back as 409 payment_window_closed.
 */
export function usePaymentDeadline(dueAt: string | null | undefined): number | null {
  const deadline = dueAt ? Date.parse(dueAt) : NaN;
  return useSecondsLeft(Number.isFinite(deadline) ? deadline : null);
}
