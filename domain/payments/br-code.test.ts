import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { buildBrCode, crc16CcittFalse, foldToBrCodeText, formatBrCodeAmount, parseBrCode, type BrCodeInput } from './br-code.js';

// The second opinion is @brazilian-utils/brazilian-utils (a devDependency): its own TLV reader and
// CRC decide whether a bank app would take what buildBrCode writes.

const LOCATION = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
const dynamicCharge = (over: Partial<BrCodeInput> = {}): BrCodeInput => ({
  account: { kind: 'location', location: LOCATION },
  amountCents: 1200,
  merchantName: 'Hub Locação de Armários Ltda',
  merchantCity: 'São Paulo',
  ...over,
});
const testCharge = (txid: string, amountCents = 1250): BrCodeInput => ({
  account: { kind: 'key', pixKey: 'pagamentos@hub.dev', txid },
  amountCents,
  merchantName: 'Hub',
  merchantCity: 'São Paulo',
});

/** Top-level fields read by hand, independently of parseBrCode (the other decoder ignores 54 in a dynamic code). */
function topLevel(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let at = 0; at < text.length;) {
    const length = Number(text.slice(at + 2, at + 4));
    out[text.slice(at, at + 2)] = text.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return out;
}

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('crc16CcittFalse', () => {
  it('gives 0x29B1 for "123456789" (the check value of CRC-16/CCITT-FALSE)', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });
  it('gives 0xFFFF (its initial value) for the empty text', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });
  it("gives 1D3D for the body of the BCB manual's static example", () => {
    const body = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16CcittFalse(body)).toBe(0x1d3d);
  });
});

describe('parseBrCode', () => {
  const MANUAL = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it("reads the BCB manual's example and finds its CRC valid", () => {
    const parsed = parseBrCode(MANUAL);
    expect(parsed).toMatchObject({
      payloadFormat: '01',
      gui: 'br.gov.bcb.pix',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantCategoryCode: '0000',
      currency: '986',
      country: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
      crcValid: true,
    });
    expect(parsed.amount).toBeUndefined();
    expect(parsed.pointOfInitiation).toBeUndefined();
  });

  it('reports a changed character or a changed CRC as an invalid CRC', () => {
    expect(parseBrCode(MANUAL.replace('Fulano', 'Fulana')).crcValid).toBe(false);
    expect(parseBrCode(MANUAL.slice(0, -4) + '1D3E').crcValid).toBe(false);
    expect(parseBrCode(MANUAL.slice(0, -4) + '1d3d').crcValid).toBe(false);
  });

  it('refuses broken TLV: a length running past the text, a non-digit id or length', () => {
    expect(refusal(() => parseBrCode('000301')).code).toBe('invalid_br_code');
    expect(refusal(() => parseBrCode('0002010x')).code).toBe('invalid_br_code');
    expect(refusal(() => parseBrCode('00020101')).code).toBe('invalid_br_code');
  });
});

describe('buildBrCode', () => {
  it('writes a dynamic charge field by field, CRC last', () => {
    expect(buildBrCode(dynamicCharge())).toBe(
      '000201' +
        '010212' +
        '26760014br.gov.bcb.pix2554' +
        LOCATION +
        '52040000' +
        '5303986' +
        '540512.00' +
        '5802BR' +
        '5925HUB LOCACAO DE ARMARIOS L' +
        '6009SAO PAULO' +
        '62070503***' +
        '63049894',
    );
  });

  it('writes what the other decoder accepts, with the location, name and city', () => {
    const code = buildBrCode(dynamicCharge());
    expect(isValidPixPayload(code)).toBe(true);
    expect(getPixPayloadInfo(code)).toMatchObject({ url: LOCATION, merchantName: 'HUB LOCACAO DE ARMARIOS L', merchantCity: 'SAO PAULO' });
  });

  it('writes a static test charge to a PIX key with its txid', () => {
    const code = buildBrCode(testCharge('HUBTESTE0001'));
    expect(code).toBe('00020101021226400014br.gov.bcb.pix0118pagamentos@hub.dev520400005303986540512.505802BR5903HUB6009SAO PAULO62160512HUBTESTE00016304E384');
    expect(getPixPayloadInfo(code)).toMatchObject({ key: 'pagamentos@hub.dev', amount: 12.5, txid: 'HUBTESTE0001' });
  });

  it('leaves the amount out when it is zero', () => {
    const code = buildBrCode(dynamicCharge({ amountCents: 0 }));
    expect(topLevel(code)['54']).toBeUndefined();
    expect(parseBrCode(code)).toMatchObject({ amount: undefined, crcValid: true });
  });

  it('formats cents as reais with two decimals', () => {
    expect([1, 10, 99, 100, 1200, 123456, 999_999_999_999].map(formatBrCodeAmount)).toEqual([
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '12.00',
      '1234.56',
      '9999999999.99',
    ]);
  });

  it('folds accents, case and symbols, and cuts the name at 25 and the city at 15 characters', () => {
    expect(foldToBrCodeText('São Paulo', 15)).toBe('SAO PAULO');
    expect(foldToBrCodeText('  Açaí  & Pão\tde Queijo ', 25)).toBe('ACAI & PAO DE QUEIJO');
    expect(foldToBrCodeText('Straße №1', 25)).toBe('STRA E 1');
    const parsed = parseBrCode(buildBrCode(dynamicCharge({ merchantName: 'Ótica Conceição Comércio de Óculos', merchantCity: 'São José dos Campos' })));
    expect(parsed.merchantName).toBe('OTICA CONCEICAO COMERCIO');
    expect(parsed.merchantCity).toBe('SAO JOSE DOS CA');
    expect(parsed.crcValid).toBe(true);
  });

  it('refuses an amount that is negative, fractional, unsafe or longer than 13 characters', () => {
    for (const cents of [-1, 12.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, 1_000_000_000_000]) {
      const error = refusal(() => buildBrCode(dynamicCharge({ amountCents: cents })));
      expect(error.code).toBe('invalid_amount');
      expect(error.message).toMatch(/centavos/);
    }
  });

  it('refuses a txid that is empty, longer than 25 characters or not letters and digits', () => {
    for (const txid of ['', 'A'.repeat(26), 'HUB-0001', 'HUB 0001', 'AÇAI', '***']) {
      expect(refusal(() => buildBrCode(testCharge(txid))).code).toBe('invalid_txid');
    }
    expect(parseBrCode(buildBrCode(testCharge('A'.repeat(25)))).txid).toBe('A'.repeat(25));
  });

  it('refuses a merchant account that would pass 99 characters, naming the field', () => {
    // 26 holds "0014br.gov.bcb.pix" (18) and "25LL" + location: a location of 77 fits, 78 does not.
    const fits = 'psp.example.com/' + 'a'.repeat(61);
    expect(parseBrCode(buildBrCode(dynamicCharge({ account: { kind: 'location', location: fits } }))).location).toBe(fits);
    const error = refusal(() => buildBrCode(dynamicCharge({ account: { kind: 'location', location: fits + 'a' } })));
    expect(error.code).toBe('br_code_field_too_long');
    expect(error.message).toBe('O campo conta do recebedor (26) do BR Code passa de 99 caracteres');
  });

  it('refuses a location with a scheme or non-ASCII text, a non-ASCII PIX key, an empty name or city', () => {
    expect(refusal(() => buildBrCode(dynamicCharge({ account: { kind: 'location', location: 'https://' + LOCATION } }))).code).toBe('invalid_pix_location');
    expect(refusal(() => buildBrCode(dynamicCharge({ account: { kind: 'location', location: 'pix.exemplo.com/cobrança' } }))).code).toBe(
      'invalid_pix_location',
    );
    expect(refusal(() => buildBrCode({ ...testCharge('T1'), account: { kind: 'key', pixKey: 'joão@hub.dev', txid: 'T1' } })).code).toBe('invalid_pix_key');
    expect(refusal(() => buildBrCode(dynamicCharge({ merchantName: '  ' }))).code).toBe('br_code_field_empty');
    expect(refusal(() => buildBrCode(dynamicCharge({ merchantCity: '😀' }))).code).toBe('br_code_field_empty');
  });
});

describe('every BR Code Hub builds, read by the other decoder', () => {
  const cents = fc.integer({ min: 0, max: 99_999_999 });
  const txid = fc.stringMatching(/^[A-Za-z0-9]{1,25}$/);
  const text = fc.string({ unit: fc.constantFrom(...'aãáâàçéêíóôõúü ABCÇ-&.1'.split('')), minLength: 1, maxLength: 40 }).filter((s) => /[a-zA-Z0-9]/.test(s));

  it('a static test charge: CRC valid, same amount and txid', () => {
    fc.assert(
      fc.property(
        cents.filter((c) => c > 0),
        txid,
        text,
        text,
        (amountCents, id, name, city) => {
          const code = buildBrCode({ account: { kind: 'key', pixKey: 'pagamentos@hub.dev', txid: id }, amountCents, merchantName: name, merchantCity: city });
          const info = getPixPayloadInfo(code);
          expect(info).not.toBeNull();
          expect(Math.round(info!.amount! * 100)).toBe(amountCents);
          expect(info!.txid).toBe(id);
          expect(parseBrCode(code)).toMatchObject({ crcValid: true, amountCents, txid: id });
        },
      ),
    );
  });

  it("a dynamic charge: CRC valid, the PSP's location, the amount and the '***' txid", () => {
    fc.assert(
      fc.property(cents, text, text, (amountCents, name, city) => {
        const code = buildBrCode({ account: { kind: 'location', location: LOCATION }, amountCents, merchantName: name, merchantCity: city });
        expect(isValidPixPayload(code)).toBe(true);
        expect(getPixPayloadInfo(code)?.url).toBe(LOCATION);
        const fields = topLevel(code);
        expect(fields['54']).toBe(amountCents === 0 ? undefined : (amountCents / 100).toFixed(2));
        expect(topLevel(fields['62']!)['05']).toBe('***');
      }),
    );
  });

  it('a code with any one character changed fails both CRC checks', () => {
    fc.assert(
      fc.property(
        cents.filter((c) => c > 0),
        txid,
        fc.nat(),
        (amountCents, id, at) => {
          const code = buildBrCode(testCharge(id, amountCents));
          const i = at % (code.length - 8); // a character before the CRC field
          const swapped = code[i] === '0' ? '1' : '0';
          const broken = code.slice(0, i) + swapped + code.slice(i + 1);
          expect(isValidPixPayload(broken)).toBe(false);
          if (topLevelParses(broken)) expect(parseBrCode(broken).crcValid).toBe(false);
        },
      ),
    );
  });
});

function topLevelParses(text: string): boolean {
  try {
    parseBrCode(text);
    return true;
  } catch {
    return false;
  }
}
