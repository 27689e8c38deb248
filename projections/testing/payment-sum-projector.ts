// A projector for the replicas test only (HUB_TEST_PAYMENT_SUM_PROJECTOR=1): it adds every
// payment to one running total, the kind of write that is not idempotent, so a batch applied
// twice (or skipped) by competing projection processes shows as a wrong total for good.
import type { Projector } from '../projector.js';

export const PAYMENT_SUM_TABLE = 'test_payment_sum';

/** The test makes this table in its own database; production databases never have it. */
export const PAYMENT_SUM_TABLE_SQL = `CREATE TABLE IF NOT EXISTS ${PAYMENT_SUM_TABLE} (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1), total_cents bigint NOT NULL, payments bigint NOT NULL)`;

export const paymentSumProjector: Projector = {
  name: 'test_payment_sum',
  tables: [PAYMENT_SUM_TABLE],
  accepts: (event) => event.type === 'PaymentConfirmed',
  async apply(client, event) {
    if (event.type !== 'PaymentConfirmed') return;
    const cents = (event.data as { amountCents: number }).amountCents;
    await client.query(
      `INSERT INTO ${PAYMENT_SUM_TABLE} (id, total_cents, payments) VALUES (1, $1, 1)
       ON CONFLICT (id) DO UPDATE SET total_cents = ${PAYMENT_SUM_TABLE}.total_cents + $1, payments = ${PAYMENT_SUM_TABLE}.payments + 1`,
      [cents],
    );
  },
};
