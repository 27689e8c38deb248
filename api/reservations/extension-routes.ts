import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../auth/types.js';
import { requireUser } from '../auth/guard.js';
import type { CommandDeps } from '../../commands/deps.js';
import { extendReservation, needsPixCharge, quoteReservationExtension } from '../../commands/extend-reservation.js';
import { chargeExtension } from '../../commands/pix-payments.js';
import { PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import { PaymentProviderError } from '../../infra/payments/port.js';
import { ApiError } from '../http/errors.js';
import type { PaymentMail } from '../payments/payment-mail.js';
import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { extendReservation as extendEndpoint, getExtensionQuote } from '../../contract/reservations/extension-endpoints.js';
import type { ReservationView } from '../../contract/reservations/reservation-schemas.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';

// Extending a reservation (issue 28 item 6): the quote and the paid extension. Registered by the
// reservation routes, whose owner check (404 for anyone else) and answer after a command they use.

export interface ExtensionRouteHelpers {
  ownReservation(id: string, user: AuthUser): Promise<{ id: string }>;
  respondWith(id: string, result: { position: GlobalPosition | null; log: TimedReservationEvent[] }): Promise<ReservationView>;
}

export function extensionRoutes(
  app: FastifyInstance,
  deps: CommandDeps & { paymentMail?: PaymentMail },
  { ownReservation, respondWith }: ExtensionRouteHelpers,
) {
  route(app, getExtensionQuote, async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = await ownReservation(input.params().id, user);
    const { hours } = input.query();
    const quote = await quoteReservationExtension(deps, id, hours, deps.clock());
    return {
      available: quote.available,
      price_cents: quote.priceCents,
      end_time: new Date(quote.toEndMs).toISOString(),
      free_until: quote.freeUntilMs === null ? null : new Date(quote.freeUntilMs).toISOString(),
    };
  });

  route(app, extendEndpoint, async (request, reply, input) => {
    const user = requireUser(request);
    const { id } = await ownReservation(input.params().id, user);
    const body = input.body();
    const ctx = commandContext(request, user, deps.clock());
    if (deps.payments && needsPixCharge(deps) && body.method === 'pix') {
      // A real PSP: the extension's charge now; the reservation runs on when its PIX is confirmed.
      const { hours, priceCents, charge } = await chargeExtension({ ...deps, payments: deps.payments }, id, body.hours, ctx).catch((err: unknown) => {
        throw err instanceof PaymentProviderError ? new ApiError(503, 'psp_unavailable', PixPaymentMessages.pspUnavailable) : err;
      });
      reply.status(202);
      return {
        hours,
        price_cents: priceCents,
        payment: {
          method: 'pix' as const,
          status: 'ATIVA' as const,
          brcode: charge.brcode,
          txid: charge.txid,
          expires_at: charge.expiresAt,
          test: charge.test,
        },
      };
    }
    const result = await extendReservation(deps, id, { hours: body.hours, method: body.method }, ctx);
    deps.paymentMail?.afterWrite(id, result.events);
    return respondWith(id, result);
  });
}
