// Brazilian document numbers and their masks: CPF and CNPJ (numeric or alphanumeric, with their
// check digits), CEP and phone. Pure, no imports: the API's zod schemas and the web form (web/src/lib/br-documents.ts)
// share this one file, so the browser and the server agree on what is valid.

/** Digits only: '123.456.789-09' → '12345678909'. */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

// The mod-11 check digit both documents use: weights applied right to left, remainder < 2 → 0.
function mod11Digit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const allSame = (chars: string) => /^(.)\1*$/.test(chars);

/** True for a CPF (masked or not) whose two check digits match; 000.000.000-00 and the like are refused. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || allSame(d)) return false;
  const first = mod11Digit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[9]) && second === Number(d[10]);
}

const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A CNPJ as stored: its mask ('.', '/', '-') and spaces dropped, letters in upper case.
 * '12.abc.345/01de-35' → '12ABC34501DE35'. Anything else stays, so the check below refuses it.
 */
export const normalizeCnpj = (value: string): string => value.replace(/[./\s-]/g, '').toUpperCase();

// Since July 2026 new CNPJs are alphanumeric (IN RFB 2.229/2024): twelve characters 0-9 or A-Z,
// then two numeric check digits. Each character counts as its ASCII code minus 48 ('0' → 0,
// 'A' → 17), so a numeric CNPJ checks exactly as before.
const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

function cnpjCheckDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True for a CNPJ, numeric or alphanumeric, masked or not, whose two check digits match. */
export function isValidCnpj(value: string): boolean {
  const c = normalizeCnpj(value);
  if (!CNPJ_SHAPE.test(c) || allSame(c)) return false;
  return cnpjCheckDigit(c, CNPJ_FIRST) === Number(c[12]) && cnpjCheckDigit(c, CNPJ_SECOND) === Number(c[13]);
}

/** A CEP has 8 digits (no check digit exists). */
export const isValidCep = (value: string): boolean => /^\d{8}$/.test(onlyDigits(value));

/** A phone is DDD + number: 10 (landline) or 11 (mobile) digits, as the spec counts them. */
export const isValidPhone = (value: string): boolean => /^\d{10,11}$/.test(onlyDigits(value));

/** The 27 federative units, for the state field. */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export const isBrazilState = (value: string): boolean => (BRAZIL_STATES as readonly string[]).includes(value.toUpperCase());

// Masks, applied as the user types: extra digits are dropped, separators appear as digits arrive.

/** 000.000.000-00 */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** 00.000.000/0000-00, letters kept (12.ABC.345/01DE-35): alphanumerics in upper case, at most 14. */
export function maskCnpj(value: string): string {
  const c = value
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 14);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  return parts.reduce((masked, part, i) => (part ? masked + (i === 0 ? '' : ['.', '.', '/', '-'][i - 1]) + part : masked), '');
}

/** 00000-000 */
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** (00) 00000-0000, or (00) 0000-0000 for 10 digits. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
