import { describe, expect, it } from 'vitest';
import type { SentenceInput } from './history-sentences.js';
import { historySentence } from './history-sentences.js';
import { formatCents, formatDateTimeSeconds, formatWindow } from './history-format.js';
import { csvField } from './history-csv.js';

const admin = { kind: 'user' as const, name: 'Administrador Hub' };
const ana = { kind: 'user' as const, name: 'Ana Souza' };
const base = (over: Partial<SentenceInput>): SentenceInput => ({
  kind: 'activated',
  hubId: 'SP-01',
  lockerOrderNumber: 3,
  actor: admin,
  renterName: null,
  actorIsRenter: false,
  data: {},
  ...over,
});

describe('history sentences', () => {
  it('a booking names the renter, the São Paulo window and the price', () => {
    const sentence = historySentence(
      base({
        kind: 'booked',
        actor: ana,
        renterName: 'Ana Souza',
        actorIsRenter: true,
        data: { size: 'M', start_time: '2026-11-25T17:00:00.000Z', end_time: '2026-11-25T19:00:00.000Z', price_cents: 1200 },
      }),
    );
    expect(sentence).toBe('Locker 03 (M) reservado por Ana Souza para 25/11/2026 14:00–16:00 (R$ 12,00).');
  });

  it('a deactivation and a move read as the spec writes them', () => {
    expect(historySentence(base({ kind: 'deactivated', lockerOrderNumber: 2 }))).toBe('Locker 02 desativado por Administrador Hub.');
    // Issue 29: taken out of service because its door did not open, the reason follows.
    expect(historySentence(base({ kind: 'deactivated', lockerOrderNumber: 2, data: { reason: 'a porta não abriu (aviso do cliente)' } }))).toBe(
      'Locker 02 desativado por Administrador Hub: a porta não abriu (aviso do cliente).',
    );
    const move = { from_order_number: 2, to_order_number: 5 };
    expect(historySentence(base({ kind: 'moved_out', lockerOrderNumber: 2, data: move }))).toBe(
      'Reserva movida do locker 02 para o locker 05 por Administrador Hub.',
    );
    expect(historySentence(base({ kind: 'moved_in', lockerOrderNumber: 5, data: move }))).toBe(
      'Reserva movida do locker 02 para o locker 05 por Administrador Hub.',
    );
  });

  it('a change says what changed from what, with prices in reais', () => {
    const data = { changes: { size: { from: 'M', to: 'G' }, price_per_hour_cents: { from: 500, to: 123456 } } };
    expect(historySentence(base({ kind: 'changed', data }))).toBe('Locker 03 alterado por Administrador Hub: tamanho M → G, preço R$ 5,00/h → R$ 1.234,56/h.');
  });

  it('a Hub change lists the fields by their pt-BR names, never the values of a secret', () => {
    const sentence = historySentence(base({ kind: 'hub_changed', lockerOrderNumber: null, data: { fields: ['name', 'secretKey'] } }));
    expect(sentence).toBe('Hub SP-01 alterado por Administrador Hub: nome, chave secreta.');
  });

  it('payments, codes and endings name who acted and whose reservation it was', () => {
    expect(historySentence(base({ kind: 'paid', actor: ana, data: { amount_cents: 1200, method: 'pix' } }))).toBe(
      'Locker 03: pagamento de R$ 12,00 via Pix confirmado por Ana Souza.',
    );
    // Issue 27: a partner's booking is paid by the partner, invoiced later.
    const partnerApi = { kind: 'user' as const, name: 'API de parceiros' };
    expect(historySentence(base({ kind: 'paid', actor: partnerApi, data: { amount_cents: 1500, method: 'partner_invoice' } }))).toBe(
      'Locker 03: pagamento de R$ 15,00 via fatura do parceiro confirmado por API de parceiros.',
    );
    expect(historySentence(base({ kind: 'code_issued', actor: ana, data: { expires_at: '2026-11-25T17:05:00.000Z' } }))).toBe(
      'Locker 03: código de acesso emitido por Ana Souza, válido até 25/11/2026 14:05.',
    );
    expect(historySentence(base({ kind: 'finalized', actor: ana, renterName: 'Ana Souza', actorIsRenter: true }))).toBe(
      'Locker 03: reserva finalizada por Ana Souza.',
    );
    expect(historySentence(base({ kind: 'cancelled', renterName: 'Ana Souza', data: { reason: 'Locker em manutenção' } }))).toBe(
      'Locker 03: reserva de Ana Souza cancelada por Administrador Hub (Locker em manutenção).',
    );
    const system = { kind: 'worker' as const, name: 'Sistema' };
    expect(historySentence(base({ kind: 'expired', actor: system, renterName: 'Ana Souza', data: { reason: 'payment_overdue' } }))).toBe(
      'Locker 03: reserva de Ana Souza expirou sem pagamento.',
    );
    expect(historySentence(base({ kind: 'expired', actor: system, renterName: 'Usuário removido', data: { reason: 'ended' } }))).toBe(
      'Locker 03: reserva de Usuário removido encerrada ao fim do período.',
    );
  });

  it('installs and removals of lockers and Hubs', () => {
    expect(
      historySentence(base({ kind: 'installed', lockerOrderNumber: 12, data: { size: 'P', type: 'GMV', price_per_hour_cents: 750, status: 'Inativo' } })),
    ).toBe('Locker 12 (P, GMV, R$ 7,50/h, inativo) instalado por Administrador Hub.');
    expect(historySentence(base({ kind: 'removed', lockerOrderNumber: 4 }))).toBe('Locker 04 removido por Administrador Hub.');
    expect(historySentence(base({ kind: 'hub_registered', actor: { kind: 'system', name: 'Sistema' }, data: { name: 'Paulista' } }))).toBe(
      'Hub SP-01 (Paulista) cadastrado por Sistema.',
    );
    expect(historySentence(base({ kind: 'hub_removed' }))).toBe('Hub SP-01 removido por Administrador Hub.');
  });
});

describe('history formats', () => {
  it('writes times in São Paulo with seconds, windows across midnight with both dates, money in reais', () => {
    expect(formatDateTimeSeconds('2026-01-01T02:59:07.000Z')).toBe('31/12/2025 23:59:07');
    expect(formatWindow('2026-11-26T01:00:00Z', '2026-11-26T04:00:00Z')).toBe('25/11/2026 22:00–26/11/2026 01:00');
    expect(formatCents(123456789)).toBe('R$ 1.234.567,89');
    expect(formatCents(5)).toBe('R$ 0,05');
  });

  it('quotes CSV fields with separators and defuses formulas typed as names', () => {
    expect(csvField('Ana; Souza')).toBe('"Ana; Souza"');
    expect(csvField('Diz "oi"')).toBe('"Diz ""oi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
  });

  it('issue 28: an extension says by how long, until when and for how much', () => {
    const data = { hours: 2, from_end_time: '2026-11-25T19:00:00.000Z', to_end_time: '2026-11-25T21:00:00.000Z', amount_cents: 1200, method: 'credit_card' };
    expect(historySentence(base({ kind: 'extended', actor: ana, renterName: 'Ana Souza', actorIsRenter: true, data }))).toMatch(
      /^Locker 03.*: reserva estendida por 2 h, até 25\/11\/2026 18:00 \(R\$\s12,00\), por Ana Souza\.$/,
    );
  });
});
