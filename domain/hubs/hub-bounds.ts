// The bounds of the numbers a Hub and its lockers carry (issue 24 item 5, docs/adr/0018). They
// fit the business (a locker costs a few reais an hour; a Hub has at most 200 lockers) and the
// read models' columns (integer cents: 48 hours at the top price is 48,000,000 cents). The domain
// refuses anything outside them, whatever the path (API, seed, partner API); the API's schemas
// and the dashboard's forms (contract/shared/hub-fields.ts) refuse the same values with the same
// messages before any command.

/** R$ 10.000,00 per hour. */
export const MAX_PRICE_PER_HOUR_CENTS = 1_000_000;
/** Locker numbers on a Hub: 1 to 999. */
export const MAX_ORDER_NUMBER = 999;
/** The pickup door of a Drop-Off locker: a label of at most 20 characters, or a door number up to 999. */
export const MAX_COLLECT_NUMBER_LENGTH = 20;
export const MAX_COLLECT_DOOR = 999;

/** Longest text per Hub field (the API refuses more with 'Máximo de N caracteres'). */
export const HUB_TEXT_LIMITS = {
  name: 200,
  address: 300,
  zipcode: 20,
  city: 120,
  state: 60,
  country: 60,
  description: 2000,
  imageUrl: 2048,
} as const;

export const BoundsMessages = {
  price: 'Preço por hora deve ser um valor entre R$ 0,00 e R$ 10.000,00.',
  orderNumber: 'O número do locker deve ser um número inteiro de 1 a 999.',
  collectNumber: 'A porta de coleta deve ter no máximo 20 caracteres (ou ser um número inteiro de 1 a 999).',
  latitude: 'A latitude deve ser um número entre -90 e 90.',
  longitude: 'A longitude deve ser um número entre -180 e 180.',
} as const;

export const priceCentsInBounds = (cents: number) => Number.isInteger(cents) && cents >= 0 && cents <= MAX_PRICE_PER_HOUR_CENTS;

/** A price in reais (as the API and the forms take it) that lands in bounds once in cents. */
export const priceReaisInBounds = (reais: number) => Number.isFinite(reais) && priceCentsInBounds(Math.round(reais * 100));

export const orderNumberInBounds = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ORDER_NUMBER;

export const collectDoorInBounds = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_COLLECT_DOOR;

export const collectNumberInBounds = (label: string | null) => label === null || label.length <= MAX_COLLECT_NUMBER_LENGTH;

export const latitudeInBounds = (value: number) => Number.isFinite(value) && Math.abs(value) <= 90;

export const longitudeInBounds = (value: number) => Number.isFinite(value) && Math.abs(value) <= 180;
