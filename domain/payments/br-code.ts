import { invalid } from '../shared/domain-error.js';

// The PIX "copia e cola" string (BR Code: EMV QR Code for Merchant-Presented Mode, as the Banco
// Central's Manual do BR Code profiles it) for one immediate charge. Every field is ID (2 digits),
// length (2 decimal digits, so at most 99) and value; templates (26, 62) nest the same way. The
// last field is the CRC (63): CRC16/CCITT-FALSE over everything before its value, "6304" included,
// which is what payers' bank apps check before they show the charge. Pure: the txid, the PSP's
// location and the merchant's data are passed in.

/** Where the payer's app finds the charge: the PSP's location (dynamic) or a PIX key (static test charge). */
export type BrCodeAccount =
  /** A dynamic charge from a PSP: the cob's `location` (no scheme); its txid lives there, so 62-05 is '***'. */
  | { kind: 'location'; location: string }
  /** A static charge to a PIX key (simulated mode, tests): the txid (1–25 letters or digits) travels in 62-05. */
  | { kind: 'key'; pixKey: string; txid: string };

export interface BrCodeInput {
  account: BrCodeAccount;
  /** Whole cents, 0 or more; 0 leaves the amount (54) out. */
  amountCents: number;
  /** Folded to upper-case ASCII and cut to 25 characters. */
  merchantName: string;
  /** Folded to upper-case ASCII and cut to 15 characters. */
  merchantCity: string;
}

export const BrCodeMessages = {
  fieldTooLong: (field: string) => `O campo ${field} do BR Code passa de 99 caracteres`,
  badAmount: 'O valor do PIX deve ser um número inteiro de centavos, zero ou mais, com até 13 caracteres',
  badTxid: 'O txid do PIX deve ter de 1 a 25 letras ou dígitos (sem acentos nem símbolos)',
  badPixKey: 'A chave PIX deve ter apenas caracteres ASCII visíveis',
  badLocation: 'A location do PIX deve ser a do PSP, sem "https://", em caracteres ASCII visíveis',
  emptyMerchant: (field: string) => `O ${field} do recebedor não pode ficar vazio no BR Code`,
  malformed: 'BR Code malformado: cada campo deve ter ID e tamanho de 2 dígitos e caber no texto',
} as const;

const GUI = 'br.gov.bcb.pix';
const MAX_FIELD = 99;
/** EMV's Transaction Amount (54) holds at most 13 characters. */
const MAX_AMOUNT_CHARS = 13;
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID = /^[A-Za-z0-9]{1,25}$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const DYNAMIC_TXID = '***';

const FIELD_NAMES: Record<string, string> = {
  '26': 'conta do recebedor (26)',
  '54': 'valor (54)',
  '59': 'nome do recebedor (59)',
  '60': 'cidade do recebedor (60)',
  '62': 'dados adicionais (62)',
};

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the text's UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const crcHex = (text: string) => crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');

/** 'São Paulo' → 'SAO PAULO': accents dropped, anything else outside printable ASCII made a space, upper case. */
export function foldToBrCodeText(text: string, max: number): string {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  return folded.slice(0, max).trimEnd();
}

function field(id: string, value: string): string {
  if (value.length > MAX_FIELD) throw invalid('br_code_field_too_long', BrCodeMessages.fieldTooLong(FIELD_NAMES[id] ?? id));
  return id + String(value.length).padStart(2, '0') + value;
}

/** 1234 → '12.34'; 0 → null (the payer's app then asks for no fixed amount). */
export function formatBrCodeAmount(amountCents: number): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw invalid('invalid_amount', BrCodeMessages.badAmount);
  if (amountCents === 0) return null;
  const text = `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
  if (text.length > MAX_AMOUNT_CHARS) throw invalid('invalid_amount', BrCodeMessages.badAmount);
  return text;
}

function accountTemplate(account: BrCodeAccount): { template: string; txid: string } {
  if (account.kind === 'location') {
    const location = account.location.trim();
    if (!PRINTABLE_ASCII.test(location) || /^[a-z][a-z0-9+.-]*:\/\//i.test(location)) throw invalid('invalid_pix_location', BrCodeMessages.badLocation);
    return { template: field('00', GUI) + field('25', location), txid: DYNAMIC_TXID };
  }
  const key = account.pixKey.trim();
  if (!PRINTABLE_ASCII.test(key)) throw invalid('invalid_pix_key', BrCodeMessages.badPixKey);
  if (!TXID.test(account.txid)) throw invalid('invalid_txid', BrCodeMessages.badTxid);
  return { template: field('00', GUI) + field('01', key), txid: account.txid };
}

/** The BR Code of one immediate charge, CRC included. Throws a DomainError ('invalid') on any value it cannot carry. */
export function buildBrCode(input: BrCodeInput): string {
  const amount = formatBrCodeAmount(input.amountCents);
  const { template, txid } = accountTemplate(input.account);
  const name = foldToBrCodeText(input.merchantName, NAME_MAX);
  const city = foldToBrCodeText(input.merchantCity, CITY_MAX);
  if (!name) throw invalid('br_code_field_empty', BrCodeMessages.emptyMerchant('nome'));
  if (!city) throw invalid('br_code_field_empty', BrCodeMessages.emptyMerchant('cidade'));
  const body =
    field('00', '01') + // payload format indicator
    field('01', '12') + // point of initiation: dynamic, single use
    field('26', template) +
    field('52', '0000') + // merchant category code: not given
    field('53', '986') + // currency: BRL (ISO 4217)
    (amount === null ? '' : field('54', amount)) +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid)) +
    '6304';
  return body + crcHex(body);
}

/** One TLV level: id → value, in order. Throws on a field whose length runs past the text. */
function readFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(length) || at + 4 + Number(length) > text.length) {
      throw invalid('invalid_br_code', BrCodeMessages.malformed);
    }
    fields.set(id, text.slice(at + 4, at + 4 + Number(length)));
    at += 4 + Number(length);
  }
  return fields;
}

export interface ParsedBrCode {
  /** Every top-level field, id → value, as written. */
  fields: Map<string, string>;
  payloadFormat?: string;
  pointOfInitiation?: string;
  gui?: string;
  pixKey?: string;
  location?: string;
  merchantCategoryCode?: string;
  currency?: string;
  /** As written, e.g. '12.00'. */
  amount?: string;
  /** The amount in whole cents, when it is written as digits with at most 2 decimals. */
  amountCents?: number;
  country?: string;
  merchantName?: string;
  merchantCity?: string;
  txid?: string;
  crc?: string;
  /** True when the text ends in 63 04 and those 4 hex digits are the CRC of everything before them. */
  crcValid: boolean;
}

function centsOf(amount: string | undefined): number | undefined {
  const match = amount === undefined ? null : /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Reads a BR Code back into its fields. Throws a DomainError on broken TLV; a wrong CRC is reported, not thrown. */
export function parseBrCode(text: string): ParsedBrCode {
  const fields = readFields(text);
  const template = [...fields.entries()]
    .filter(([id]) => Number(id) >= 26 && Number(id) <= 51)
    .map(([, value]) => readFields(value))
    .find((sub) => sub.get('00')?.toLowerCase() === GUI);
  const additional = fields.has('62') ? readFields(fields.get('62') ?? '') : new Map<string, string>();
  const crc = fields.get('63');
  const crcValid = crc !== undefined && /^[0-9A-F]{4}$/.test(crc) && text.endsWith('6304' + crc) && crcHex(text.slice(0, -4)) === crc;
  return {
    fields,
    payloadFormat: fields.get('00'),
    pointOfInitiation: fields.get('01'),
    gui: template?.get('00'),
    pixKey: template?.get('01'),
    location: template?.get('25'),
    merchantCategoryCode: fields.get('52'),
    currency: fields.get('53'),
    amount: fields.get('54'),
    amountCents: centsOf(fields.get('54')),
    country: fields.get('58'),
    merchantName: fields.get('59'),
    merchantCity: fields.get('60'),
    txid: additional.get('05'),
    crc,
    crcValid,
  };
}
