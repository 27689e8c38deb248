import { AccountMessages } from '@contract/shared/account-messages';
import { isValidPhone, onlyDigits } from '@/lib/br-documents';
import { maskPhone } from '@/lib/format';

// The phone rule and message are the server's (domain/accounts/br-documents.ts, contract/shared).
export const PHONE_INVALID = AccountMessages.phone;
export { isValidPhone };

export const phoneDigits = onlyDigits;

/**
 * maskPhone as the user types or pastes; a pasted international '+55 …' loses its country code
 * instead of pushing the last digits out.
 */
export function maskPhoneInput(value: string): string {
  const digits = phoneDigits(value);
  return maskPhone(digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits);
}
