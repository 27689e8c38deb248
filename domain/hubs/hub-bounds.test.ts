import { describe, expect, it } from 'vitest';
import { BoundsMessages, MAX_PRICE_PER_HOUR_CENTS } from './hub-bounds.js';
import { details, given, install, installed, register, registered } from './hub-spec-fixtures.js';

describe('issue 24 item 5: numbers that fit the business and the read models', () => {
  it('accepts a price of up to R$ 10.000,00 an hour and refuses R$ 30.000.000,00 (it overflowed the integer columns)', () => {
    given([registered])
      .when(install('L1', { pricePerHourCents: MAX_PRICE_PER_HOUR_CENTS }))
      .then([installed('L1', 1, { pricePerHourCents: MAX_PRICE_PER_HOUR_CENTS })]);
    const error = given([registered])
      .when(install('L1', { pricePerHourCents: 3_000_000_000 }))
      .thenFails('invalid_price');
    expect(error.message).toBe(BoundsMessages.price);
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { pricePerHourCents: MAX_PRICE_PER_HOUR_CENTS + 1 } })
      .thenFails('invalid_price');
  });

  it.each([0, 1000, 1e308, 2.5])('refuses the order number %s', (orderNumber) => {
    const error = given([registered]).when(install('L1', { orderNumber })).thenFails('invalid_order_number');
    expect(error.message).toBe(BoundsMessages.orderNumber);
  });

  it('accepts order number 999', () => {
    given([registered])
      .when(install('L1', { orderNumber: 999 }))
      .then([installed('L1', 999)]);
  });

  it('refuses a pickup door label longer than 20 characters', () => {
    given([registered])
      .when(install('D1', { lockerType: 'Drop-Off', collectNumber: 'x'.repeat(21) }))
      .thenFails('invalid_collect_number');
    given([registered, installed('D1', 1, { type: 'Drop-Off', collectNumber: '1' })])
      .when({ type: 'ChangeLocker', lockerId: 'D1', changes: { collectNumber: 'x'.repeat(21) } })
      .thenFails('invalid_collect_number');
  });

  it.each([
    [{ latitude: -90.5 }, BoundsMessages.latitude],
    [{ longitude: 180.01 }, BoundsMessages.longitude],
    [{ latitude: Number.POSITIVE_INFINITY }, BoundsMessages.latitude],
  ])('refuses the coordinates %o with their own message', (coordinates, message) => {
    const error = given([])
      .when({ ...register, details: { ...details, ...coordinates } })
      .thenFails('invalid_coordinates');
    expect(error.message).toBe(message);
  });
});
