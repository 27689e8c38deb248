// The words Hub shares with a PSP that follows the Banco Central's standard Pix API (API Pix 2.9):
// a charge's status (cob), a refund's status (devolução) and which provider took the money.

/** Which adapter of the payment port took a payment: the simulated one (embedded mode, tests) or a real PSP. */
export type PaymentProvider = 'simulated' | 'bcb_pix';

/** `cob.status` in the API Pix. */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** `devolucao.status` in the API Pix. */
export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** Why Hub gives money back: a cancellation per the policy, or a PIX paid after its window closed. */
export type RefundCause = 'cancellation' | 'late_payment';

/**
 * A txid for `PUT /cob/{txid}`: 26–35 letters or digits (API Pix). 'H', the reservation id's 32
 * hex digits and the charge's sequence (2 digits): 35 characters, so the sequence is never cut
 * off and the reservation is found again from the txid alone (a webhook carries only that).
 */
export const pixTxidOf = (reservationId: string, sequence: number) =>
  `H${reservationId.replace(/[^A-Za-z0-9]/g, '')}${String(sequence % 100).padStart(2, '0')}`.slice(0, 35).padEnd(26, '0');

/** The reservation a txid of pixTxidOf names (a UUID), or null for any other txid. */
export function reservationIdOfTxid(txid: string): string | null {
  const match = /^H([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})\d{2}$/.exec(txid);
  return match ? match.slice(1).join('-') : null;
}

/** A devolução id (1–35 letters or digits) for a late payment's refund: one per received PIX. */
export const lateRefundIdOf = (e2eid: string) => `L${e2eid.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 35);
