import type { Pool } from 'pg';
import { refundReceiptMessage } from '../../infra/mail/refund-receipt-templates.js';
import type { Mailer } from '../../infra/mail/port.js';
import { claimDueReceipts, receiptDueAgain, receiptSent } from '../../projections/refunds/refund-queries.js';

// The refund receipts (issue 28 item 5): one per refund returned (DEVOLVIDO). A receipt is claimed
// for RECEIPT_LEASE_MS before it is sent and marked sent after, so several worker processes send
// each one once; only a process dying between the SMTP answer and the mark could send it twice.

export const RECEIPT_LEASE_MS = 5 * 60_000;
const RETRY_MS = 60_000;

export interface ReceiptDeps {
  db: Pool;
  mailer: Mailer;
  clock: () => Date;
  log: (line: string) => void;
}

/** Sends the receipts due now; resolves with how many went out. */
export async function sendDueReceipts(deps: ReceiptDeps, limit = 20): Promise<number> {
  const rows = await claimDueReceipts(deps.db, deps.clock(), RECEIPT_LEASE_MS, limit);
  let sent = 0;
  for (const row of rows) {
    if (!row.user_email) {
      // A partner's end customer has no account here: the partner tells them.
      await receiptSent(deps.db, row.refund_id, deps.clock());
      continue;
    }
    try {
      await deps.mailer.send(
        refundReceiptMessage({
          to: { name: row.user_name ?? '', email: row.user_email },
          refundId: row.refund_id,
          amountCents: row.amount_cents,
          cause: row.cause,
          settledAt: row.settled_at,
          reservationId: row.reservation_id,
          hubName: row.hub_name ?? row.hub_id,
          start: row.start_time,
          end: row.end_time,
        }),
      );
      await receiptSent(deps.db, row.refund_id, deps.clock());
      sent++;
    } catch (error) {
      deps.log(`[refunds] receipt of ${row.refund_id} not sent: ${(error as Error).message}`);
      await receiptDueAgain(deps.db, row.refund_id, new Date(deps.clock().getTime() + RETRY_MS)).catch(() => undefined);
    }
  }
  return sent;
}
