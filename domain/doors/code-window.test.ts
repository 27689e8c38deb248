import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { assertCanLeaveForPickup, assertCodeIssuable, codeOpens } from './code-window.js';

const at = (iso: string) => Date.parse(iso);
// 27/11/2026 14:00–16:00 in São Paulo (UTC−3).
const window = { startMs: at('2026-11-27T17:00:00Z'), endMs: at('2026-11-27T19:00:00Z') };

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  return null;
};

describe('issue 24 item 1: the code window', () => {
  it("the renter's code opens from the start until the end; a pickup code from the start on", () => {
    expect(codeOpens('access', window, window.startMs - 1)).toBe(false);
    expect(codeOpens('access', window, window.startMs)).toBe(true);
    expect(codeOpens('access', window, window.endMs - 1)).toBe(true);
    expect(codeOpens('access', window, window.endMs)).toBe(false);
    expect(codeOpens('pickup', window, window.startMs - 1)).toBe(false);
    expect(codeOpens('pickup', window, window.endMs + 10 * 3_600_000)).toBe(true);
  });

  it('issuing early is refused with when the code becomes available, in São Paulo time', () => {
    expect(refusal(() => assertCodeIssuable('access', window, window.startMs - 60_000))).toEqual({
      code: 'code_not_yet_available',
      message: 'O código de acesso estará disponível a partir de 27/11/2026 14:00.',
      details: { availableAt: '2026-11-27T17:00:00.000Z' },
    });
    expect(refusal(() => assertCodeIssuable('pickup', window, window.startMs - 60_000))?.message).toBe(
      'O código de coleta estará disponível a partir de 27/11/2026 14:00.',
    );
    expect(refusal(() => assertCodeIssuable('access', window, window.startMs))).toBeNull();
    expect(refusal(() => assertCodeIssuable('access', window, window.endMs))?.code).toBe('reservation_ended');
    expect(refusal(() => assertCodeIssuable('pickup', window, window.endMs))).toBeNull();
  });

  it('goods are left for pickup only inside the window', () => {
    expect(refusal(() => assertCanLeaveForPickup(window, window.startMs - 1))).toMatchObject({
      code: 'reservation_not_started',
      message: 'Os itens só podem ser deixados para coleta a partir de 27/11/2026 14:00, quando a reserva começa.',
    });
    expect(refusal(() => assertCanLeaveForPickup(window, window.startMs))).toBeNull();
    expect(refusal(() => assertCanLeaveForPickup(window, window.endMs))?.code).toBe('reservation_ended');
  });
});
