import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { AccessEvent, AccessState } from './access-events.js';
import { evolveAccess, initialAccessState } from './access-events.js';

// What may happen to a renter's access to a private Hub. Requests are answered idempotently
// while one is pending or granted (a double click, a retry); a denied or revoked renter may ask
// again. Only a pending request is approved or denied, only a live grant revoked; repeating a
// decision already taken writes nothing, so retries are safe.

export const AccessMessages = {
  hubNotFound: 'Hub não encontrado',
  hubIsPublic: 'Este Hub é público: não é preciso solicitar acesso.',
  notPending: 'Esta solicitação não está pendente.',
  notGranted: 'Este usuário não tem acesso a este Hub.',
  requestNotFound: 'Solicitação não encontrada.',
  reasonRequired: 'Informe o motivo da recusa.',
  messageTooLong: 'A mensagem pode ter no máximo 500 caracteres.',
} as const;

export const ACCESS_MESSAGE_MAX = 500;
export const ACCESS_REASON_MAX = 500;

/** The Hub as a request needs it, read from its own stream (null: no such Hub). */
export interface AccessHub {
  private: boolean;
  autoRegistration: boolean;
}

export type AccessCommand =
  | { type: 'RequestAccess'; hubId: string; userId: string; message: string | null; hub: AccessHub | null; now: Date }
  | { type: 'ApproveAccess'; hubId: string; userId: string; by: string; now: Date }
  | { type: 'DenyAccess'; hubId: string; userId: string; by: string; reason: string; now: Date }
  | { type: 'RevokeAccess'; hubId: string; userId: string; by: string; now: Date };

function decide(command: AccessCommand, state: AccessState): AccessEvent[] {
  const { hubId, userId } = command;
  const at = command.now.toISOString();
  switch (command.type) {
    case 'RequestAccess': {
      if (!command.hub) throw notFound('hub_not_found', AccessMessages.hubNotFound);
      if (!command.hub.private) throw conflict('hub_not_private', AccessMessages.hubIsPublic);
      const message = command.message?.trim() || null;
      if (message && message.length > ACCESS_MESSAGE_MAX) throw invalid('message_too_long', AccessMessages.messageTooLong);
      if (state.status === 'pending' || state.status === 'granted') return [];
      const requested: AccessEvent = { type: 'AccessRequested', data: { hubId, userId, message, at } };
      // Self-registration: the grant is the system's, in the same step as the request.
      return command.hub.autoRegistration ? [requested, { type: 'AccessGranted', data: { hubId, userId, by: null, auto: true, at } }] : [requested];
    }
    case 'ApproveAccess':
      if (state.status === 'granted') return [];
      if (state.status !== 'pending')
        throw state.status === 'none' ? notFound('request_not_found', AccessMessages.requestNotFound) : conflict('not_pending', AccessMessages.notPending);
      return [{ type: 'AccessGranted', data: { hubId, userId, by: command.by, auto: false, at } }];
    case 'DenyAccess': {
      const reason = command.reason.trim();
      if (!reason) throw invalid('reason_required', AccessMessages.reasonRequired);
      if (state.status === 'denied' && state.reason === reason) return [];
      if (state.status !== 'pending')
        throw state.status === 'none' ? notFound('request_not_found', AccessMessages.requestNotFound) : conflict('not_pending', AccessMessages.notPending);
      return [{ type: 'AccessDenied', data: { hubId, userId, by: command.by, reason, at } }];
    }
    case 'RevokeAccess':
      if (state.status === 'revoked') return [];
      if (state.status !== 'granted') throw notFound('not_granted', AccessMessages.notGranted);
      return [{ type: 'AccessRevoked', data: { hubId, userId, by: command.by, at } }];
  }
}

export const accessDecider: Decider<AccessCommand, AccessEvent, AccessState> = { decide, evolve: evolveAccess, initialState: initialAccessState };
