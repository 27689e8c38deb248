import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { AssignStaffHubs } from './staff-decide.js';
import { StaffMessages, staffDecider } from './staff-decide.js';
import type { StaffEvent } from './staff-events.js';

const given = specFor(staffDecider);
const at = '2026-11-27T14:00:00.000Z';
const existing = new Set(['BH-01', 'BH-02', 'SP-01']);
const assign = (hubIds: string[], extra: Partial<AssignStaffHubs> = {}): AssignStaffHubs => ({
  type: 'AssignStaffHubs',
  userId: 'u1',
  role: 'logistics',
  hubIds,
  existingHubIds: existing,
  by: 'admin-1',
  at,
  ...extra,
});
const assigned = (hubIds: string[], added: string[], removed: string[], reason: StaffEvent['data']['reason'] = 'assigned'): StaffEvent => ({
  type: 'StaffHubsAssigned',
  data: { userId: 'u1', hubIds, added, removed, by: 'admin-1', at, reason },
});

describe('AssignStaffHubs', () => {
  it('assigns the first Hubs, sorted and without duplicates', () => {
    given([])
      .when(assign(['SP-01', 'BH-02', 'SP-01']))
      .then([assigned(['BH-02', 'SP-01'], ['BH-02', 'SP-01'], [])]);
  });

  it('says what a new set adds and removes', () => {
    given([assigned(['BH-02', 'SP-01'], ['BH-02', 'SP-01'], [])])
      .when(assign(['BH-01', 'BH-02']))
      .then([assigned(['BH-01', 'BH-02'], ['BH-01'], ['SP-01'])]);
  });

  it('appends nothing for an unchanged set, in any order', () => {
    given([assigned(['BH-02', 'SP-01'], ['BH-02', 'SP-01'], [])])
      .when(assign(['SP-01', 'BH-02']))
      .then([]);
  });

  it('lets maintenance operators hold Hubs', () => {
    given([])
      .when(assign(['BH-02'], { role: 'maintenance' }))
      .then([assigned(['BH-02'], ['BH-02'], [])]);
  });

  it.each(['user', 'partner', 'admin'])('refuses Hubs to a %s account', (role) => {
    const error = given([])
      .when(assign(['BH-02'], { role }))
      .thenFails('not_staff');
    expect(error.message).toBe(StaffMessages.notStaff);
    expect(error.kind).toBe('invalid');
  });

  it('clears the Hubs of an account that left staff, whatever its role now', () => {
    given([assigned(['BH-02'], ['BH-02'], [])])
      .when(assign([], { role: 'user', reason: 'role_changed' }))
      .then([assigned([], [], ['BH-02'], 'role_changed')]);
  });

  it('refuses a Hub that does not exist (never registered, or removed)', () => {
    const error = given([])
      .when(assign(['BH-02', 'RJ-09']))
      .thenFails('hub_not_found');
    expect(error.message).toBe('Hub RJ-09 não encontrado.');
    expect(error.kind).toBe('not_found');
  });

  it('does not report a removed Hub as removed again: the set already lost it', () => {
    given([assigned(['BH-02', 'RJ-01'], ['BH-02', 'RJ-01'], [])])
      .when(assign(['BH-02']))
      .then([]);
  });

  it('refuses more than 500 Hubs', () => {
    const many = Array.from({ length: 501 }, (_, i) => `AA-${String(i).padStart(2, '0')}`);
    given([])
      .when(assign(many, { existingHubIds: new Set(many) }))
      .thenFails('too_many_hubs');
  });
});
