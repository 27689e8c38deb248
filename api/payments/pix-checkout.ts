// The renter's side of a PIX (ADR 0022): the charge a booking gets, and "Pagar"/"Já paguei" on the
// pay route. With the simulated provider the renter's "Pagar" confirms the charge (no money moves);
// with a real PSP only what the PSP confirms on a read-back does, and only PIX is accepted.
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { ensurePixCharge, readPixState, receivePix } from '../../commands/pix-payments.js';
import { confirmPayment } from '../../commands/reservation-commands.js';
import type { PaymentMethodValue } from '../../contract/reservations/reservation-schemas.js';
import { openPixCharge, PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import { ReservationMessages } from '../../domain/reservations/reservation-decide.js';
import { PaymentProviderError } from '../../infra/payments/port.js';
import { ApiError, badRequest, conflict } from '../http/errors.js';
import type { PaymentMail } from './payment-mail.js';

type Deps = CommandDeps & { paymentMail?: PaymentMail };

/** The charge a reservation owes, made now when it has none (booking, a read); null: none needed or the PSP failed. */
export async function chargeIfOwed(deps: Deps, reservationId: string, ctx: CommandContext) {
  return deps.payments ? ensurePixCharge({ ...deps, payments: deps.payments }, reservationId, ctx) : null;
}

/** POST /api/reservations/{id}/pay. */
export async function pay(
  deps: Deps,
  reservation: { id: string; price_cents: number },
  body: { method: PaymentMethodValue; amount?: number },
  ctx: CommandContext,
) {
  const payments = deps.payments;
  if (!payments || payments.provider === 'simulated') {
    // Simulated: "Pagar" confirms, naming the open charge when there is one.
    const open = openPixCharge((await readPixState(deps, reservation.id)).state);
    const txid = body.method === 'pix' && open ? open.txid : undefined;
    const result = await confirmPayment(
      deps,
      reservation.id,
      {
        method: body.method,
        amountCents: body.amount ?? reservation.price_cents,
        ...(txid ? { txid } : {}),
        ...(payments ? { provider: payments.provider } : {}),
      },
      ctx,
    );
    deps.paymentMail?.afterWrite(reservation.id, result.events, { test: true });
    return result;
  }
  if (body.method !== 'pix') throw badRequest('only_pix', PixPaymentMessages.onlyPix);
  const { state } = await readPixState(deps, reservation.id);
  const open = openPixCharge(state);
  if (!open && state.reservation.status !== 'pending') throw conflict('reservation_not_pending', ReservationMessages.notPending);
  if (!open) {
    // Its charge could not be made at booking: it is made now, and nothing can have been paid yet.
    await chargeIfOwed(deps, reservation.id, ctx);
    throw conflict('pix_not_confirmed', PixPaymentMessages.notConfirmed);
  }
  try {
    // "Já paguei": what the PSP received for this charge, read back as a webhook's would be.
    const reading = await payments.readCharge(open.txid);
    const received = reading?.status === 'CONCLUIDA' ? reading.pix.find((p) => !state.e2eids.includes(p.e2eid)) : undefined;
    if (!received) throw conflict('pix_not_confirmed', PixPaymentMessages.notConfirmed);
    const outcome = await receivePix({ ...deps, payments }, { txid: open.txid, e2eid: received.e2eid }, ctx);
    if (!outcome.result || outcome.verdict.kind === 'not_confirmed') throw conflict('pix_not_confirmed', PixPaymentMessages.notConfirmed);
    deps.paymentMail?.afterWrite(reservation.id, outcome.result.events);
    return outcome.result;
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new ApiError(503, 'psp_unavailable', PixPaymentMessages.pspUnavailable);
    throw err;
  }
}
