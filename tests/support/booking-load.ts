// Renters booking, paying and finalizing in a tight loop against several API processes: each
// renter writes through one process and reads every answer back through another, so a read
// model (or cache) behind the API's own answer shows up as a stale read.

export interface Renter {
  token: string;
}

export interface LoadResult {
  bookings: number;
  payments: number;
  finalized: number;
  /** 409s (no locker free at that instant): expected under contention, not failures. */
  conflicts: number;
  /** Answers a client must never get: 5xx (other than a draining 503) or an unexpected 4xx. */
  failures: string[];
  /** Requests refused because the process was draining (503) or not reachable any more. */
  refused: number;
  /** Reads through another process that showed a reservation older than the write's answer. */
  staleReads: string[];
  bookingMs: number[];
}

const RANK: Record<string, number> = { pending: 0, active: 1, completed: 2 };

export async function runBookingLoad(opts: {
  apis: string[];
  renters: Renter[];
  hubIds: string[];
  until: () => boolean;
  readBack?: boolean;
}): Promise<LoadResult> {
  const result: LoadResult = { bookings: 0, payments: 0, finalized: 0, conflicts: 0, failures: [], refused: 0, staleReads: [], bookingMs: [] };
  const call = async (base: string, token: string, method: string, path: string, body?: object) => {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return { status: 0, body: {} }; // connection refused or closed: the process is gone
    }
  };
  /** Status codes that mean "not accepted" (draining or gone), never a failed accepted request. */
  const refusedNow = (status: number) => status === 0 || status === 503;

  const readBack = async (base: string, token: string, id: string, answered: string) => {
    if (opts.readBack === false) return;
    const read = await call(base, token, 'GET', `/api/reservations/${id}`);
    if (refusedNow(read.status)) return;
    const seen = String(read.body.status);
    if (read.status !== 200 || (RANK[seen] ?? -1) < (RANK[answered] ?? 0)) result.staleReads.push(`${id}: answered ${answered}, read ${read.status} ${seen}`);
  };

  await Promise.all(
    opts.renters.map(async (renter, i) => {
      const writeTo = opts.apis[i % opts.apis.length]!;
      const readFrom = opts.apis[(i + 1) % opts.apis.length]!;
      let n = 0;
      while (opts.until()) {
        const now = Date.now();
        const started = performance.now();
        const booked = await call(writeTo, renter.token, 'POST', '/api/reservations/by-size', {
          hub_id: opts.hubIds[(i + n++) % opts.hubIds.length],
          size: 'M',
          start_time: new Date(now).toISOString(),
          end_time: new Date(now + 3_600_000).toISOString(),
        });
        if (refusedNow(booked.status)) {
          result.refused++;
          return;
        }
        if (booked.status === 409) {
          result.conflicts++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        if (booked.status !== 201) {
          result.failures.push(`book ${booked.status} ${JSON.stringify(booked.body)}`);
          continue;
        }
        result.bookingMs.push(performance.now() - started);
        result.bookings++;
        const id = String(booked.body.id);
        await readBack(readFrom, renter.token, id, String(booked.body.status));
        for (const [step, counter] of [
          ['pay', 'payments'],
          ['finalize', 'finalized'],
        ] as const) {
          const done = await call(writeTo, renter.token, 'POST', `/api/reservations/${id}/${step}`, step === 'pay' ? { method: 'pix' } : undefined);
          if (refusedNow(done.status)) {
            result.refused++;
            return;
          }
          if (done.status !== 200) {
            result.failures.push(`${step} ${done.status} ${JSON.stringify(done.body)}`);
            break;
          }
          result[counter]++;
          await readBack(readFrom, renter.token, id, String(done.body.status));
        }
      }
    }),
  );
  return result;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}
