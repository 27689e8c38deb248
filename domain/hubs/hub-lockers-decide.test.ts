// The Hub decider's locker commands: install, change, remove, activate, and a locker it does not know.
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import type { HubCommand } from './hub-decide.js';
import { HubMessages, hubDecider } from './hub-decide.js';
import { given, hubId, registered, installed, install, lockersAfter } from './hub-spec-fixtures.js';

describe('InstallLocker', () => {
  it('numbers the first locker 1', () => {
    given([registered])
      .when(install('L1'))
      .then([installed('L1', 1)]);
  });

  it('defaults the order number to the count of lockers plus one', () => {
    given([registered, installed('L1', 1), installed('L2', 2)])
      .when(install('L3'))
      .then([installed('L3', 3)]);
  });

  it('accepts a free explicit order number', () => {
    given([registered, installed('L1', 1)])
      .when(install('L9', { orderNumber: 9 }))
      .then([installed('L9', 9)]);
  });

  it('refuses an explicit order number that is taken', () => {
    const error = given([registered, installed('L1', 1), installed('L2', 2)])
      .when(install('L3', { orderNumber: 2 }))
      .thenFails('order_number_taken');
    expect(error.message).toBe(HubMessages.orderTaken);
  });

  it('refuses a locker id that already exists', () => {
    given([registered, installed('L1', 1)])
      .when(install('L1'))
      .thenFails('locker_exists');
  });

  it('keeps the collect number of a Drop-Off locker', () => {
    given([registered])
      .when(install('D1', { lockerType: 'Drop-Off', collectNumber: '12' }))
      .then([installed('D1', 1, { type: 'Drop-Off', collectNumber: '12' })]);
  });

  it.each(['GMV', 'Pick-Up', 'Tech'] as const)('drops the collect number of a %s locker', (lockerType) => {
    given([registered])
      .when(install('X1', { lockerType, collectNumber: '12' }))
      .then([installed('X1', 1, { type: lockerType, collectNumber: null })]);
  });

  it.each([-1, 1.5, Number.NaN])('refuses the price %s cents', (pricePerHourCents) => {
    given([registered]).when(install('L1', { pricePerHourCents })).thenFails('invalid_price');
  });

  it('accepts a free locker (price 0)', () => {
    given([registered])
      .when(install('L1', { pricePerHourCents: 0 }))
      .then([installed('L1', 1, { pricePerHourCents: 0 })]);
  });
});

describe('ChangeLocker', () => {
  const dropOff = installed('D1', 1, { type: 'Drop-Off', collectNumber: '7' });

  it('records the changes', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { size: 'G', pricePerHourCents: 800 } })
      .then([{ type: 'LockerChanged', data: { hubId, lockerId: 'L1', changes: { size: 'G', pricePerHourCents: 800 } } }]);
  });

  it('clears the collect number when the type switches away from Drop-Off', () => {
    const events = hubDecider.decide({ type: 'ChangeLocker', lockerId: 'D1', changes: { type: 'GMV' } }, fold(hubDecider, [registered, dropOff]));
    expect(events).toEqual([{ type: 'LockerChanged', data: { hubId, lockerId: 'D1', changes: { type: 'GMV', collectNumber: null } } }]);
    expect(lockersAfter([registered, dropOff, ...events])[0]).toMatchObject({ type: 'GMV', collectNumber: null });
  });

  it('keeps a Drop-Off collect number when the type stays Drop-Off', () => {
    given([registered, dropOff])
      .when({ type: 'ChangeLocker', lockerId: 'D1', changes: { collectNumber: '8' } })
      .then([{ type: 'LockerChanged', data: { hubId, lockerId: 'D1', changes: { collectNumber: '8' } } }]);
  });

  it('ignores a collect number given to a non Drop-Off locker', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { collectNumber: '5' } })
      .then([]);
  });

  it('records only what differs, and nothing when nothing does', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { size: 'M', type: 'GMV', pricePerHourCents: 650 } })
      .then([{ type: 'LockerChanged', data: { hubId, lockerId: 'L1', changes: { pricePerHourCents: 650 } } }]);
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { size: 'M', type: 'GMV', pricePerHourCents: 500, collectNumber: null } })
      .then([]);
  });

  it('refuses a negative price', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'ChangeLocker', lockerId: 'L1', changes: { pricePerHourCents: -5 } })
      .thenFails('invalid_price');
  });
});

describe('RemoveLocker', () => {
  const four = [registered, installed('L1', 1), installed('L2', 2), installed('L3', 3), installed('L4', 4)];

  it('renumbers the lockers after the removed one', () => {
    given(four)
      .when({ type: 'RemoveLocker', lockerId: 'L2' })
      .then([
        {
          type: 'LockerRemoved',
          data: {
            hubId,
            lockerId: 'L2',
            renumbered: [
              { lockerId: 'L3', orderNumber: 2 },
              { lockerId: 'L4', orderNumber: 3 },
            ],
          },
        },
      ]);
  });

  it('evolves into contiguous order numbers 1..n', () => {
    const events = hubDecider.decide({ type: 'RemoveLocker', lockerId: 'L2' }, fold(hubDecider, four));
    const lockers = lockersAfter([...four, ...events]);
    expect(lockers.map((l) => [l.lockerId, l.orderNumber])).toEqual([
      ['L1', 1],
      ['L3', 2],
      ['L4', 3],
    ]);
  });

  it('renumbers nothing when the last locker goes', () => {
    given(four)
      .when({ type: 'RemoveLocker', lockerId: 'L4' })
      .then([{ type: 'LockerRemoved', data: { hubId, lockerId: 'L4', renumbered: [] } }]);
  });

  it('lets the next default install take the freed number n + 1', () => {
    const afterRemoval = [...four, ...hubDecider.decide({ type: 'RemoveLocker', lockerId: 'L1' }, fold(hubDecider, four))];
    given(afterRemoval)
      .when(install('L5'))
      .then([installed('L5', 4)]);
  });
});

describe('activation', () => {
  it('activates an inactive locker', () => {
    given([registered, installed('L1', 1, { status: 'Inativo' })])
      .when({ type: 'ActivateLocker', lockerId: 'L1' })
      .then([{ type: 'LockerActivated', data: { hubId, lockerId: 'L1' } }]);
  });

  it('does nothing when activating an active locker', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'ActivateLocker', lockerId: 'L1' })
      .then([]);
  });

  it('deactivates an active locker', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'DeactivateLocker', lockerId: 'L1' })
      .then([{ type: 'LockerDeactivated', data: { hubId, lockerId: 'L1' } }]);
  });

  it('does nothing when deactivating an inactive locker', () => {
    given([registered, installed('L1', 1), { type: 'LockerDeactivated', data: { hubId, lockerId: 'L1' } }])
      .when({ type: 'DeactivateLocker', lockerId: 'L1' })
      .then([]);
  });
});

describe('unknown locker', () => {
  it.each<HubCommand>([
    { type: 'ChangeLocker', lockerId: 'nope', changes: { size: 'P' } },
    { type: 'RemoveLocker', lockerId: 'nope' },
    { type: 'ActivateLocker', lockerId: 'nope' },
    { type: 'DeactivateLocker', lockerId: 'nope' },
  ])('$type → locker_not_found', (command) => {
    const error = given([registered, installed('L1', 1)])
      .when(command)
      .thenFails('locker_not_found');
    expect(error.kind).toBe('not_found');
  });

  it('a removed locker is unknown', () => {
    given([registered, installed('L1', 1), { type: 'LockerRemoved', data: { hubId, lockerId: 'L1', renumbered: [] } }])
      .when({ type: 'ActivateLocker', lockerId: 'L1' })
      .thenFails('locker_not_found');
  });
});
