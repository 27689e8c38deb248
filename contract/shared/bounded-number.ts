// A number field that also takes numeric text ('7,50', '12'), as the dashboard and the spec's
// clients send. A number outside the domain's bound is refused as the domain would refuse it (its
// code and pt-BR message), before any command; JSON's 1e400 arrives as Infinity and is refused
// the same way. Blank text passes (required checks are the caller's), and so does text holding
// no number when the caller falls back for it (a price of 0, the next order number).
import { z } from 'zod';
import { domainIssue } from './domain-issue.js';

const MAX_TEXT = 40;

/** A number, or text holding one (a decimal comma too); NaN when the text holds none. */
export const numberOf = (raw: number | string) => (typeof raw === 'number' ? raw : Number(raw.trim().replace(',', '.') || 'x'));

export interface BoundedNumberOptions {
  /** Text holding no number passes (the caller falls back); otherwise it is refused like an out-of-bounds value. */
  unparsablePasses: boolean;
}

export function boundedNumberish(ok: (n: number) => boolean, code: string, message: string, { unparsablePasses }: BoundedNumberOptions) {
  return z
    .unknown()
    .superRefine((raw, ctx) => {
      if (raw === null || raw === undefined) return;
      if (typeof raw === 'string') {
        if (raw.trim().length > MAX_TEXT) return ctx.addIssue({ code: 'custom', message: `Máximo de ${MAX_TEXT} caracteres` });
        if (raw.trim() === '' || (unparsablePasses && Number.isNaN(numberOf(raw)))) return;
      } else if (typeof raw !== 'number') {
        return ctx.addIssue({ code: 'custom', message: 'Deve ser um número' });
      }
      if (!ok(numberOf(raw))) ctx.addIssue(domainIssue(code, message));
    })
    .transform((raw) => (typeof raw === 'string' ? raw.trim() : (raw as number | null | undefined)))
    .optional()
    .meta({ description: 'Número, ou texto com um número (vírgula decimal aceita).' });
}
