import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useSecondsLeft } from '@/lib/use-seconds-left';
import type { AccessCode } from '../types';
import { getCurrentAccessCode, useIssueAccessCode, useReservation } from '../api/reservations-api';

// The server rotates a paid reservation's code (ADR 0003): the page reads the current one on
// mount, again whenever the reservation changes (a rotation is pushed as reservation:changed,
// which refetches the reservation) and at zero; "Atualizar Código" asks for a new one. Before the
// reservation's window the server gives no code (409 code_not_yet_available, saying when): the
// page shows that and asks again at that moment.
export const ACCESS_CODE_LIFETIME_MS = 300_000;
/** Asked too early by this device's clock, the next ask waits at least this long. */
const NOT_YET_RETRY_MIN_MS = 5_000;
/** An automatic ask that met a network or server error tries again this many times (1 s, 2 s). */
const TRANSIENT_RETRIES = 2;

// As the app's queries (app/query-client.ts): a 4xx will not change on retry; the rest may.
const isTransient = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The server's "not yet": its pt-BR sentence and when (by the server) the code will be given. */
export interface CodeNotYet {
  message: string;
  availableAt: number;
}

function notYetOf(error: unknown): CodeNotYet | null {
  if (!(error instanceof ApiError) || error.code !== 'code_not_yet_available') return null;
  const at = Date.parse(String(error.details?.availableAt ?? ''));
  return { message: error.message, availableAt: Number.isFinite(at) ? at : Date.now() + 60_000 };
}

export interface IssuedCode {
  code: string;
  expiresAt: string;
  /** When it expires by this device's clock (ms): receipt time plus the server's seconds left. */
  deadline: number;
}

/**
 * The rotated code of a paid reservation; one with nothing to pay (a private Hub's) is not
 * rotated and gets a code issued as before.
 */
async function currentOrIssued(reservationId: string, issue: (() => Promise<AccessCode>) | null): Promise<AccessCode | null> {
  try {
    return await getCurrentAccessCode(reservationId);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'reservation_not_active') return issue ? issue() : null;
    throw error;
  }
}

/** `enabled`: the reservation is known to be open, so the server will issue codes for it. */
export function useAccessCode(reservationId: string, enabled: boolean) {
  const issue = useIssueAccessCode(reservationId);
  const issueRef = useRef(issue.mutateAsync);
  issueRef.current = issue.mutateAsync;

  const [current, setCurrent] = useState<IssuedCode | null>(null);
  const [notYet, setNotYet] = useState<CodeNotYet | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef(false);
  const requested = useRef(false);
  const autoRenewedFor = useRef<string | null>(null);
  const currentRef = useRef<IssuedCode | null>(null);
  currentRef.current = current;
  const retries = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const refresh = useCallback(
    async (manual = false, mayIssue = true) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setLoading(true);
      try {
        const result = manual ? await issueRef.current() : await currentOrIssued(reservationId, mayIssue ? () => issueRef.current() : null);
        // A code not rotated (nothing issued since): the one shown stands.
        if (!result) return;
        // Counted from receipt with the server's own "seconds left": right whatever this device's
        // clock says, and short when the reservation ends before the usual 300 s.
        const remaining = Number.isFinite(result.expiresIn) ? result.expiresIn * 1000 : ACCESS_CODE_LIFETIME_MS;
        setCurrent({ code: result.code, expiresAt: result.expiresAt, deadline: Date.now() + remaining });
        setNotYet(null);
        setError(null);
        retries.current = 0;
      } catch (err) {
        const stillValid = currentRef.current && currentRef.current.deadline > Date.now();
        const early = notYetOf(err);
        if (early) {
          // Not an error: the reservation has not begun. Shown calmly, asked again at its start.
          setCurrent(null);
          setNotYet(early);
          setError(null);
        } else if (manual && stillValid) toast.error('Erro ao gerar código de acesso.');
        else if (!manual && isTransient(err) && retries.current < TRANSIENT_RETRIES) {
          // A busy or briefly unreachable server: ask again shortly before saying the access is unavailable.
          retries.current += 1;
          retryTimer.current = setTimeout(() => void refresh(), 1000 * retries.current);
        } else {
          setCurrent(null);
          setError(err);
        }
      } finally {
        inFlight.current = false;
        setLoading(false);
      }
    },
    [reservationId],
  );

  // Once per mount (the ref also survives StrictMode's double effect, so only one code is issued).
  useEffect(() => {
    if (!enabled || requested.current) return;
    requested.current = true;
    void refresh();
  }, [enabled, refresh]);

  // A pushed change (a rotation among them) refetches the reservation: read the code again. Only
  // read: a reservation that is not rotated (a private Hub's, nothing to pay) keeps the code it
  // has, for issuing one here would be a change, pushed back to this page, and so on.
  const { dataUpdatedAt } = useReservation(reservationId);
  const seenUpdate = useRef(dataUpdatedAt);
  useEffect(() => {
    if (!enabled || !requested.current || dataUpdatedAt === seenUpdate.current) return;
    seenUpdate.current = dataUpdatedAt;
    void refresh(false, false);
  }, [enabled, dataUpdatedAt, refresh]);

  // Not yet: ask again when the window starts (by this device's clock; a few seconds at least,
  // should the device be ahead of the server).
  useEffect(() => {
    if (!enabled || !notYet) return;
    const wait = Math.min(Math.max(notYet.availableAt - Date.now() + 500, NOT_YET_RETRY_MIN_MS), 2 ** 31 - 1);
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [enabled, notYet, refresh]);

  const secondsLeft = useSecondsLeft(current?.deadline ?? null) ?? 0;

  // At zero the code is useless: ask for the next one (once per code).
  useEffect(() => {
    if (!enabled || !current || secondsLeft > 0 || autoRenewedFor.current === current.code) return;
    autoRenewedFor.current = current.code;
    void refresh();
  }, [enabled, current, secondsLeft, refresh]);

  return { current, notYet, error, loading, secondsLeft, refresh: () => refresh(true) };
}
