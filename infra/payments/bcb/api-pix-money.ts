// The API Pix writes money as a decimal string with two places ("12.50", schema `Valor`:
// \d{1,10}\.\d{2}); Hub keeps whole cents. Both ways, strictly: a PSP's "12.5" or "1e3" is refused.

const VALOR = /^(\d{1,10})\.(\d{2})$/;

/** 1250 → "12.50". */
export function valorOf(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`not a whole, non-negative number of cents: ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** "12.50" → 1250; null when the text is not a Valor. */
export function centsOfValor(valor: unknown): number | null {
  const match = typeof valor === 'string' ? VALOR.exec(valor) : null;
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}
