import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useIssueAccessCode } from '../api/reservations-api';

// Access codes are never readable after issue (ADR 0003): the page asks for a fresh one on mount,
// counts down to the server's expiry and asks again at zero or on "Atualizar Código".
export const ACCESS_CODE_LIFETIME_MS = 300_000;
const CLOCK_SKEW_TOLERANCE_MS = 30_000;

export interface IssuedCode {
  code: string;
  expiresAt: string;
  /** Local clock deadline (ms): the server's expiry, unless the two clocks disagree wildly. */
  deadline: number;
}

/** `enabled`: the reservation is known to be open, so the server will issue codes for it. */
export function useAccessCode(reservationId: string, enabled: boolean) {
  const issue = useIssueAccessCode(reservationId);
  const issueRef = useRef(issue.mutateAsync);
  issueRef.current = issue.mutateAsync;

  const [current, setCurrent] = useState<IssuedCode | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const inFlight = useRef(false);
  const requested = useRef(false);
  const autoRenewedFor = useRef<string | null>(null);
  const currentRef = useRef<IssuedCode | null>(null);
  currentRef.current = current;

  const refresh = useCallback(async (manual = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      const result = await issueRef.current();
      const receivedAt = Date.now();
      let remaining = new Date(result.expires_at).getTime() - receivedAt;
      // A fresh code has about the full lifetime left. If the device clock disagrees with the
      // server's by more than a little, count the lifetime from receipt instead of showing a wrong time.
      if (!Number.isFinite(remaining) || Math.abs(remaining - ACCESS_CODE_LIFETIME_MS) > CLOCK_SKEW_TOLERANCE_MS) remaining = ACCESS_CODE_LIFETIME_MS;
      setCurrent({ code: result.access_code, expiresAt: result.expires_at, deadline: receivedAt + remaining });
      setNow(receivedAt);
      setError(null);
    } catch (err) {
      const stillValid = currentRef.current && currentRef.current.deadline > Date.now();
      if (manual && stillValid) toast.error('Erro ao gerar código de acesso.');
      else {
        setCurrent(null);
        setError(err);
      }
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, []);

  // Once per mount (the ref also survives StrictMode's double effect, so only one code is issued).
  useEffect(() => {
    if (!enabled || requested.current) return;
    requested.current = true;
    void refresh();
  }, [enabled, refresh]);

  useEffect(() => {
    if (!current) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [current]);

  const secondsLeft = current ? Math.max(0, Math.ceil((current.deadline - now) / 1000)) : 0;

  // At zero the code is useless: ask for the next one (once per code).
  useEffect(() => {
    if (!enabled || !current || secondsLeft > 0 || autoRenewedFor.current === current.code) return;
    autoRenewedFor.current = current.code;
    void refresh();
  }, [enabled, current, secondsLeft, refresh]);

  return { current, error, loading, secondsLeft, refresh: () => refresh(true) };
}
