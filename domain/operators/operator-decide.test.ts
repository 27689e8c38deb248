import { describe, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { operatorDecider } from './operator-decide.js';
import type { OperatorEvent } from './operator-events.js';

const given = specFor(operatorDecider);
const userId = '0190f0a0-0000-7000-8000-000000000001';
const by = '0190f0a0-0000-7000-8000-0000000000ad';
const at = '2026-11-27T12:00:00.000Z';
const added: OperatorEvent = { type: 'OperatorAdded', data: { userId, role: 'logistics', invited: true, by, at } };

describe('operators', () => {
  it('adds a new account as an invited operator', () => {
    given([]).when({ type: 'AddOperator', userId, role: 'logistics', newAccount: true, masterEmail: false, alreadyStaff: false, by, at }).then([added]);
  });

  it('promotes an existing renter without inviting them', () => {
    given([])
      .when({ type: 'AddOperator', userId, role: 'maintenance', newAccount: false, masterEmail: false, alreadyStaff: false, by, at })
      .then([{ type: 'OperatorAdded', data: { userId, role: 'maintenance', invited: false, by, at } }]);
  });

  it("keeps the master's e-mail for the master", () => {
    given([])
      .when({ type: 'AddOperator', userId, role: 'admin', newAccount: true, masterEmail: true, alreadyStaff: false, by, at })
      .thenFails('master_email_reserved');
  });

  it('refuses an e-mail that already belongs to an operator', () => {
    given([]).when({ type: 'AddOperator', userId, role: 'admin', newAccount: false, masterEmail: false, alreadyStaff: true, by, at }).thenFails('email_taken');
  });

  it('records a role change and which fields changed, never their values', () => {
    given([added])
      .when({ type: 'ChangeOperator', userId, isMaster: false, role: 'admin', fields: ['name', 'phone'], by, at })
      .then([{ type: 'OperatorChanged', data: { userId, changes: { role: 'admin', fields: ['name', 'phone'] }, by, at } }]);
  });

  it('records nothing when nothing differs', () => {
    given([added]).when({ type: 'ChangeOperator', userId, isMaster: false, fields: [], by, at }).then([]);
  });

  it("refuses a change of the master's e-mail or role", () => {
    given([])
      .when({ type: 'ChangeOperator', userId, isMaster: true, fields: ['email'], by, at })
      .thenFails('master_email_fixed');
    given([]).when({ type: 'ChangeOperator', userId, isMaster: true, role: 'logistics', fields: [], by, at }).thenFails('master_role_fixed');
  });

  it("keeps the master's e-mail from another operator", () => {
    given([added])
      .when({ type: 'ChangeOperator', userId, isMaster: false, newEmailIsMaster: true, fields: ['email'], by, at })
      .thenFails('master_email_reserved');
  });

  it("lets the master's name change", () => {
    given([])
      .when({ type: 'ChangeOperator', userId, isMaster: true, fields: ['name'], by, at })
      .then([{ type: 'OperatorChanged', data: { userId, changes: { fields: ['name'] }, by, at } }]);
  });

  it('removes an operator, remembering the role they had', () => {
    given([added])
      .when({ type: 'RemoveOperator', userId, isMaster: false, currentRole: 'logistics', by, at })
      .then([{ type: 'OperatorRemoved', data: { userId, previousRole: 'logistics', by, at } }]);
  });

  it('never removes the master', () => {
    given([]).when({ type: 'RemoveOperator', userId, isMaster: true, currentRole: 'admin', by, at }).thenFails('master_not_removable');
  });
});
