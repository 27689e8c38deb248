// Issue 24 item 10: a free account kept a Hub's size blocked with unpaid holds, renewing them as
// soon as it cancelled or let them expire. ADR 0016: one unpaid hold at a time; two holds dropped
// unpaid a day cost nothing, each further one makes the renter wait 30 min, 1 h, 2 h… (at most 24 h).
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { specFor } from '../shared/decider-spec.js';
import type { OpenRequest, RenterEvent } from './renter-reservations.js';
import { renterDecider, renterFactsOf } from './renter-reservations.js';
import { UNPAID_HOLD_RULE, UnpaidHoldMessages, coolDownUntil } from './unpaid-holds.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BASE = Date.parse('2030-01-10T10:00:00.000Z'); // 07:00 in São Paulo
/** Minutes after 10:00 UTC. */
const t = (minutes: number) => new Date(BASE + minutes * MINUTE);
const iso = (minutes: number) => t(minutes).toISOString();
const WINDOW = 15;

const given = specFor(renterDecider);
const opened = (id: string, atMinute: number, owes = true): RenterEvent => ({
  type: 'RenterReservationOpened',
  data: { userId: 'u1', reservationId: id, endTime: iso(atMinute + 48 * 60), paymentDueAt: owes ? iso(atMinute + WINDOW) : null },
});
const paid = (id: string): RenterEvent => ({ type: 'RenterReservationPaid', data: { userId: 'u1', reservationId: id } });
const closed = (id: string, atMinute: number, byStaff = false): RenterEvent => ({
  type: 'RenterReservationClosed',
  data: { userId: 'u1', reservationId: id, at: iso(atMinute), ...(byStaff ? { byStaff: true } : {}) },
});
/** A hold made at `atMinute` and cancelled `after` minutes later, unpaid. */
const dropped = (id: string, atMinute: number, after = 5) => [opened(id, atMinute), closed(id, atMinute + after)];
const open = (id: string, atMinute: number, owes = true): OpenRequest => ({
  userId: 'u1',
  reservationId: id,
  endTime: iso(atMinute + 48 * 60),
  paymentDueAt: owes ? iso(atMinute + WINDOW) : null,
  now: t(atMinute),
  limit: 5,
});
const openedBy = (request: OpenRequest): RenterEvent[] => [
  {
    type: 'RenterReservationOpened',
    data: { userId: 'u1', reservationId: request.reservationId, endTime: request.endTime, paymentDueAt: request.paymentDueAt },
  },
];
const whenOpening = (events: RenterEvent[], request: OpenRequest) => given(events).when(request);
const opens = (events: RenterEvent[], request: OpenRequest) => whenOpening(events, request).then(openedBy(request));

describe('issue 24 item 10: one unpaid hold at a time', () => {
  it('opens the first unpaid hold', () => {
    opens([], open('r1', 0));
  });

  it('refuses a second while the first waits for payment, saying what to do', () => {
    const error = whenOpening([opened('r1', 0)], open('r2', 5)).thenFails('unpaid_hold_pending');
    expect(error).toMatchObject({ kind: 'conflict', message: 'Você tem uma reserva aguardando pagamento. Pague ou cancele antes de reservar outro locker.' });
  });

  it('four holds of one size at once: only the first is opened', () => {
    const events: RenterEvent[] = [];
    const outcomes = ['r1', 'r2', 'r3', 'r4'].map((id, i) => {
      try {
        const made = renterDecider.decide(open(id, i), fold(renterDecider, events));
        events.push(...made);
        return 'opened';
      } catch (error) {
        return (error as { code: string }).code;
      }
    });
    expect(outcomes).toEqual(['opened', 'unpaid_hold_pending', 'unpaid_hold_pending', 'unpaid_hold_pending']);
  });

  it('once it is paid, the next unpaid hold opens: a renter who pays never meets the rule', () => {
    opens([opened('r1', 0), paid('r1')], open('r2', 5));
    const payingRenter = [0, 1, 2, 3].flatMap((i) => [opened(`p${i}`, i), paid(`p${i}`)]);
    opens(payingRenter, open('p4', 4));
  });

  it('a booking that owes nothing (a free locker) is no unpaid hold', () => {
    opens([opened('r1', 0)], open('free', 5, false));
  });

  it('the limit of active reservations still comes first', () => {
    const five = [0, 1, 2, 3, 4].flatMap((i) => [opened(`p${i}`, i), paid(`p${i}`)]);
    whenOpening(five, open('r6', 10)).thenFails('reservation_limit');
  });

  it('the operator may allow more at once (MAX_UNPAID_HOLDS)', () => {
    opens([opened('r1', 0)], { ...open('r2', 1), unpaidLimit: 2 });
    whenOpening([opened('r1', 0), opened('r2', 1)], { ...open('r3', 2), unpaidLimit: 2 }).thenFails('unpaid_hold_pending');
  });

  it('a retried booking that already opened decides nothing, whatever the rule says now', () => {
    given([opened('r1', 0)])
      .when(open('r1', 1))
      .then([]);
  });
});

describe('issue 24 item 10: holds dropped unpaid cost a growing wait', () => {
  it('the first two drops of a day cost nothing: an honest renter who changes their mind books again at once', () => {
    opens(dropped('r1', 0), open('r2', 6));
    opens([...dropped('r1', 0), ...dropped('r2', 6)], open('r3', 12));
  });

  it('the third drop makes the renter wait 30 minutes, and the refusal says until when (São Paulo time)', () => {
    const three = [...dropped('r1', 0), ...dropped('r2', 6), ...dropped('r3', 12)]; // the last dropped at 10:17 UTC
    const error = whenOpening(three, open('r4', 18)).thenFails('unpaid_hold_cooldown');
    expect(error.message).toBe('Você cancelou ou deixou expirar reservas não pagas recentemente. Tente novamente a partir de 10/01/2030 07:47.');
    whenOpening(three, open('r4', 46)).thenFails('unpaid_hold_cooldown');
    opens(three, open('r4', 47));
  });

  it('letting the payment window close counts as a drop, before the expiry is even written', () => {
    // Holds at 10:00, 10:15 and 10:30 each left to expire: the third one's window closed at 10:45.
    const expiredUnwritten = [opened('r1', 0), closed('r1', 16), opened('r2', 15), closed('r2', 31), opened('r3', 30)];
    const error = whenOpening(expiredUnwritten, open('r4', 45)).thenFails('unpaid_hold_cooldown');
    expect(error.message).toBe(UnpaidHoldMessages.coolDown(t(45 + 30).getTime()));
  });

  it('an expiry written after the deadline counts at the deadline, when the hold stopped holding', () => {
    const late = [opened('r1', 0), closed('r1', 0 + WINDOW + 10)];
    expect(fold(renterDecider, late).drops).toEqual([t(WINDOW).getTime()]);
  });

  it('each further drop doubles the wait: 30 min, 1 h, 2 h … at most 24 h', () => {
    const drops = (n: number) => Array.from({ length: n }, (_, i) => BASE + i * MINUTE);
    const last = (n: number) => BASE + (n - 1) * MINUTE;
    expect(coolDownUntil(drops(2), last(2))).toBeNull();
    expect(coolDownUntil(drops(3), last(3))).toBe(last(3) + 30 * MINUTE);
    expect(coolDownUntil(drops(4), last(4))).toBe(last(4) + HOUR);
    expect(coolDownUntil(drops(5), last(5))).toBe(last(5) + 2 * HOUR);
    expect(coolDownUntil(drops(8), last(8))).toBe(last(8) + 16 * HOUR);
    expect(coolDownUntil(drops(9), last(9))).toBe(last(9) + 24 * HOUR);
    // The state keeps enough drops to reach the longest wait.
    expect(coolDownUntil(drops(UNPAID_HOLD_RULE.keptDrops), last(UNPAID_HOLD_RULE.keptDrops))).toBe(
      last(UNPAID_HOLD_RULE.keptDrops) + UNPAID_HOLD_RULE.maxCoolDownMs,
    );
  });

  it('the named time never moves later as old drops age out, so the renter can trust it', () => {
    // Four drops, the first of them about to leave the day: the wait named is an hour, then shrinks.
    const latest = BASE + 23 * HOUR + 32 * MINUTE;
    const drops = [BASE, latest - 2 * MINUTE, latest - MINUTE, latest];
    const named = coolDownUntil(drops, latest)!;
    expect(named).toBe(latest + HOUR);
    expect(coolDownUntil(drops, BASE + 24 * HOUR + MINUTE)).toBe(latest + 30 * MINUTE);
    for (let now = latest; now < named; now += 5 * MINUTE) {
      const until = coolDownUntil(drops, now);
      expect(until === null || until <= named).toBe(true);
    }
    expect(coolDownUntil(drops, named)).toBeNull();
  });

  it('drops older than a day are forgotten', () => {
    const yesterday = [...dropped('r1', 0), ...dropped('r2', 6), ...dropped('r3', 12)];
    opens(yesterday, open('r4', 24 * 60 + 18));
  });

  it("an admin's cancel of the renter's unpaid hold is not the renter's drop", () => {
    const byAdmin = [opened('r1', 0), closed('r1', 5, true), opened('r2', 6), closed('r2', 11, true), opened('r3', 12), closed('r3', 17, true)];
    opens(byAdmin, open('r4', 18));
    expect(fold(renterDecider, byAdmin).drops).toEqual([]);
  });

  it('a paid reservation cancelled later is no drop', () => {
    const paidThenCancelled = [0, 6, 12].flatMap((m, i) => [opened(`r${i}`, m), paid(`r${i}`), closed(`r${i}`, m + 5)]);
    opens(paidThenCancelled, open('r4', 18));
  });

  it('closing facts carry when and whether the renter did it', () => {
    const cancelled = { type: 'ReservationCancelled' as const, data: { reservationId: 'r1', at: iso(5), reason: 'Cancelada pelo usuário' } };
    expect(renterFactsOf('u1', [cancelled], 'u1')).toEqual([{ type: 'RenterReservationClosed', data: { userId: 'u1', reservationId: 'r1', at: iso(5) } }]);
    expect(renterFactsOf('u1', [cancelled], 'admin-1')).toEqual([
      { type: 'RenterReservationClosed', data: { userId: 'u1', reservationId: 'r1', at: iso(5), byStaff: true } },
    ]);
    const expired = { type: 'ReservationExpired' as const, data: { reservationId: 'r1', at: iso(16), reason: 'payment_overdue' as const } };
    expect(renterFactsOf('u1', [expired], 'worker')).toEqual([{ type: 'RenterReservationClosed', data: { userId: 'u1', reservationId: 'r1', at: iso(16) } }]);
  });

  it('older closing facts, without a time, count at the payment deadline', () => {
    const legacy: RenterEvent[] = [opened('r1', 0), { type: 'RenterReservationClosed', data: { userId: 'u1', reservationId: 'r1' } }];
    expect(fold(renterDecider, legacy).drops).toEqual([t(WINDOW).getTime()]);
  });
});
