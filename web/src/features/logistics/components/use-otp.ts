import { useCallback, useEffect, useRef, useState } from 'react';
import { useSecondsLeft } from '@/lib/use-seconds-left';
import { useGenerateOtp } from '../api/generate-otp';
import type { GeneratedOtp } from '../types';

interface IssuedOtp {
  otp: GeneratedOtp;
  /** Epoch ms by this device's clock. */
  deadline: number;
}

/**
 * Generates a pickup code on load and on request. The countdown runs for the server's lifetime
 * (expiresAt − generatedAt) from when the answer arrived, so a device clock that is off does
 * not shorten or stretch it.
 */
export function useOtp(hubId: string, reservationId: string | undefined, enabled: boolean) {
  const mutation = useGenerateOtp(hubId, reservationId);
  const [issued, setIssued] = useState<IssuedOtp | null>(null);
  const secondsLeft = useSecondsLeft(issued?.deadline ?? null);
  const { mutate } = mutation;

  const generate = useCallback(() => {
    mutate(undefined, {
      onSuccess: (otp) => {
        const lifetime = Date.parse(otp.expiresAt) - Date.parse(otp.generatedAt);
        setIssued({ otp, deadline: Date.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 300_000) });
      },
      // A refused new code leaves no stale one on screen: the server replaced or refused it.
      onError: () => setIssued(null),
    });
  }, [mutate]);

  // Once per page visit (StrictMode mounts twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    generate();
  }, [enabled, generate]);

  return { otp: issued?.otp ?? null, secondsLeft, generate, generating: mutation.isPending, error: mutation.error };
}
