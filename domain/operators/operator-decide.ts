import type { Decider } from '../shared/decider.js';
import { conflict, forbidden } from '../shared/domain-error.js';
import type { OperatorEvent, OperatorField, OperatorRole, OperatorState } from './operator-events.js';
import { evolveOperator, initialOperatorState } from './operator-events.js';

// The rules of operators (spec §5 "Operator form", §6): the master operator's e-mail is reserved,
// the master's e-mail never changes and the master is never removed. Which account is the master
// (its e-mail against MASTER_OPERATOR_EMAIL) and what the account row holds are read at the edge
// and come in with the command; `by` and `at` too (no clock here). The stream's own state is the
// record, not the gate: an account's role can also change through the users API (PUT
// /api/users/{id}), so whether someone is staff is read from the account row.

export const OperatorMessages = {
  required: 'Nome e email são obrigatórios.',
  masterEmailReserved: 'Este email é reservado para o operador master.',
  masterEmailFixed: 'O email do operador master não pode ser alterado.',
  masterNotRemovable: 'O operador master não pode ser removido.',
  masterRoleFixed: 'O operador master continua administrador.',
  alreadyOperator: 'Já existe um operador com este email.',
} as const;

export type OperatorCommand =
  /** `masterEmail`: the address is MASTER_OPERATOR_EMAIL; `newAccount`: no account had it. */
  | { type: 'AddOperator'; userId: string; role: OperatorRole; newAccount: boolean; masterEmail: boolean; alreadyStaff: boolean; by: string; at: string }
  /** What differs from the account row (already compared at the edge); `isMaster`: the row is the master's. */
  /** `newEmailIsMaster`: an e-mail change would take MASTER_OPERATOR_EMAIL. */
  | {
      type: 'ChangeOperator';
      userId: string;
      isMaster: boolean;
      newEmailIsMaster?: boolean;
      role?: OperatorRole;
      fields: OperatorField[];
      by: string;
      at: string;
    }
  | { type: 'RemoveOperator'; userId: string; isMaster: boolean; currentRole: OperatorRole; by: string; at: string };

function decide(command: OperatorCommand, _state: OperatorState): OperatorEvent[] {
  switch (command.type) {
    case 'AddOperator': {
      const { userId, role, by, at } = command;
      if (command.masterEmail) throw conflict('master_email_reserved', OperatorMessages.masterEmailReserved);
      // The account row is the truth (its role may have changed through the users API since).
      if (command.alreadyStaff) throw conflict('email_taken', OperatorMessages.alreadyOperator);
      return [{ type: 'OperatorAdded', data: { userId, role, invited: command.newAccount, by, at } }];
    }
    case 'ChangeOperator': {
      const { userId, role, fields, by, at } = command;
      if (command.isMaster && fields.includes('email')) throw forbidden('master_email_fixed', OperatorMessages.masterEmailFixed);
      if (!command.isMaster && command.newEmailIsMaster) throw conflict('master_email_reserved', OperatorMessages.masterEmailReserved);
      if (command.isMaster && role !== undefined && role !== 'admin') throw forbidden('master_role_fixed', OperatorMessages.masterRoleFixed);
      if (role === undefined && fields.length === 0) return []; // nothing differs: nothing to record
      const changes = { ...(role !== undefined ? { role } : {}), ...(fields.length ? { fields } : {}) };
      return [{ type: 'OperatorChanged', data: { userId, changes, by, at } }];
    }
    case 'RemoveOperator': {
      const { userId, by, at } = command;
      if (command.isMaster) throw forbidden('master_not_removable', OperatorMessages.masterNotRemovable);
      return [{ type: 'OperatorRemoved', data: { userId, previousRole: command.currentRole, by, at } }];
    }
  }
}

export const operatorDecider: Decider<OperatorCommand, OperatorEvent, OperatorState> = {
  decide,
  evolve: evolveOperator,
  initialState: initialOperatorState,
};
