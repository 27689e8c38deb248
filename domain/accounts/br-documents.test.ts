import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBrazilState,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  normalizeCnpj,
  onlyDigits,
} from './br-documents.js';

// Builds a valid CPF/CNPJ from its base digits the textbook way, independently of the module.
function withCheckDigits(base: number[], firstWeights: number[], secondWeights: number[]): string {
  const digit = (ds: number[], ws: number[]) => {
    const rest = ds.reduce((sum, d, i) => sum + d * ws[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base, firstWeights);
  const second = digit([...base, first], secondWeights);
  return [...base, first, second].join('');
}
const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

describe('CPF', () => {
  it('accepts known valid numbers, masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
  it('accepts every number built with its check digits and refuses any changed last digit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const cpf = withCheckDigits(base, CPF_W1, CPF_W2);
        if (/^(\d)\1*$/.test(cpf)) return;
        expect(isValidCpf(cpf)).toBe(true);
        const broken = cpf.slice(0, 10) + String((Number(cpf[10]) + shift) % 10);
        expect(isValidCpf(broken)).toBe(false);
      }),
    );
  });
});

describe('CNPJ', () => {
  it('accepts known valid numbers, masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('04.252.011/0001-10')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });
  it('accepts every number built with its check digits and refuses any changed check digit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const cnpj = withCheckDigits(base, CNPJ_W1, CNPJ_W2);
        if (/^(\d)\1*$/.test(cnpj)) return;
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(cnpj.slice(0, 12) + String((Number(cnpj[12]) + shift) % 10) + cnpj[13])).toBe(false);
      }),
    );
  });
});

// Alphanumeric CNPJ (IN RFB 2.229/2024, from July 2026): each character is worth its ASCII code
// minus 48, with the numeric CNPJ's weights; the two check digits stay numeric. Built here the
// textbook way, independently of the module.
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const charValue = (c: string) => c.charCodeAt(0) - 48;
function alphanumericCnpj(base: string): string {
  const digit = (chars: string, ws: number[]) => {
    const rest = [...chars].reduce((sum, c, i) => sum + charValue(c) * ws[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base, CNPJ_W1);
  return `${base}${first}${digit(base + first, CNPJ_W2)}`;
}

describe('issue 24 item 11: alphanumeric CNPJ', () => {
  it("accepts the Receita Federal's example 12.ABC.345/01DE-35, masked, bare or in lower case", () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(alphanumericCnpj('12ABC34501DE')).toBe('12ABC34501DE35'); // the rule as published
  });
  it('refuses wrong check digits, letters among the check digits, other characters and wrong lengths', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
    expect(isValidCnpj('12ABC34501DF35')).toBe(false); // one letter changed
    expect(isValidCnpj('12ABC34501D3E5')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABÇ34501DE35')).toBe(false);
    expect(isValidCnpj('12ABC3450#DE35')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3')).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });
  it('is stored upper-case without the mask', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
  it('accepts every alphanumeric base with its check digits and refuses any changed check digit', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALNUM), { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (chars, shift) => {
        const cnpj = alphanumericCnpj(chars.join(''));
        if (/^(.)\1*$/.test(cnpj)) return;
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskCnpj(cnpj.toLowerCase()))).toBe(true);
        expect(isValidCnpj(cnpj.slice(0, 13) + String((Number(cnpj[13]) + shift) % 10))).toBe(false);
      }),
    );
  });
  it('the mask keeps letters, in upper case: 12.ABC.345/01DE-35', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12ABC')).toBe('12.ABC');
    expect(maskCnpj('12ABC345')).toBe('12.ABC.345');
    expect(maskCnpj('12ABC34501D')).toBe('12.ABC.345/01D');
    expect(maskCnpj('12.ABC.345/01DE-35XYZ')).toBe('12.ABC.345/01DE-35');
  });
});

describe('CEP, phone and state', () => {
  it('CEP has 8 digits', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('013101000')).toBe(false);
  });
  it('phone has DDD and 8 or 9 digits', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('(11) 3456-7890')).toBe(true);
    expect(isValidPhone('98765-4321')).toBe(false);
    expect(isValidPhone('(11) 98765-43210')).toBe(false);
  });
  it('state is one of the 27 units', () => {
    expect(isBrazilState('SP')).toBe(true);
    expect(isBrazilState('df')).toBe(true);
    expect(isBrazilState('XX')).toBe(false);
  });
});

describe('masks', () => {
  it('format as the digits arrive and drop extra digits', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529982247259999')).toBe('529.982.247-25');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('')).toBe('');
  });
  it('a mask keeps exactly the digits (CNPJ: the letters too) it was given, up to its length', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(onlyDigits(maskCpf(text))).toBe(onlyDigits(text).slice(0, 11));
        expect(maskCnpj(text).replace(/[./-]/g, '')).toBe(
          text
            .replace(/[^0-9A-Za-z]/g, '')
            .toUpperCase()
            .slice(0, 14),
        );
        expect(onlyDigits(maskCep(text))).toBe(onlyDigits(text).slice(0, 8));
        expect(onlyDigits(maskPhone(text))).toBe(onlyDigits(text).slice(0, 11));
      }),
    );
  });
});
