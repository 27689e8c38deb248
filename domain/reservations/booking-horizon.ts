// How far ahead a booking may start (issue 24 item 5, docs/adr/0018): a year, which covers any
// real plan; the year 9999 was accepted before. The past is refused by validateWindow (booking.ts).

export const MAX_DAYS_AHEAD = 365;

export const tooFarAheadMessage = `A reserva pode começar no máximo ${MAX_DAYS_AHEAD} dias à frente.`;

export const startsTooFarAhead = (start: Date, now: Date) => start.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000;
