import { maskPhone } from '@/lib/format';

export const PHONE_INVALID = 'Telefone inválido. Por favor, insira um número válido com DDD.';

export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** 10 or 11 digits: DDD plus number (spec §5). */
export const isValidPhone = (value: string) => /^\d{10,11}$/.test(phoneDigits(value));

/**
 * maskPhone as the user types or pastes; a pasted international '+55 …' loses its country code
 * instead of pushing the last digits out.
 */
export function maskPhoneInput(value: string): string {
  const digits = phoneDigits(value);
  return maskPhone(digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits);
}
