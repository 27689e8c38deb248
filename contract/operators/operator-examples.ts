import type { z } from 'zod';
import type { CreateOperatorBody, OperatorView, UpdateOperatorBody } from './operator-schemas.js';
import type { AcceptInvitationBody, InvitationAnswer, InvitationTokenBody } from './invitation-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// The examples of the operators and invitation endpoints: the admin adds Carlos Lima to
// logistics; he has not opened his invitation yet.

const master = {
  id: EXAMPLE_IDS.admin,
  name: 'Administrador',
  email: 'admin@hub.dev',
  phone: null,
  role: 'admin',
  isAdmin: true,
  is_master: true,
  invitation_pending: false,
  created_at: '2026-11-01T09:00:00.000Z',
} satisfies OperatorView;

const carlos = {
  id: EXAMPLE_IDS.carlos,
  name: 'Carlos Lima',
  email: 'carlos@example.com',
  phone: '11934567890',
  role: 'logistics',
  isAdmin: false,
  is_master: false,
  invitation_pending: true,
  created_at: '2026-11-26T18:00:00.000Z',
} satisfies OperatorView;

const token = `${EXAMPLE_IDS.requestId}.q8Xz2Lk9PmN4vB7cR1tY6wE3uI0oA5sD2fG8hJ4kL9z`;

export const operatorExamples = {
  listOperators: { response: [master, carlos] },
  createOperator: {
    body: { name: 'Carlos Lima', email: 'carlos@example.com', phone: '(11) 93456-7890', role: 'logistics' } satisfies z.input<typeof CreateOperatorBody>,
    response: carlos,
  },
  updateOperator: {
    body: { role: 'maintenance' } satisfies z.input<typeof UpdateOperatorBody>,
    response: { ...carlos, role: 'maintenance' } satisfies OperatorView,
  },
  resendInvitation: { response: { data: { message: 'Convite reenviado.' } } },
  verifyInvitation: {
    body: { token } satisfies z.input<typeof InvitationTokenBody>,
    response: { data: { name: 'Carlos Lima', email: 'carlos@example.com' } } satisfies z.output<typeof InvitationAnswer>,
  },
  acceptInvitation: {
    body: { token, password: 'segredo123' } satisfies z.input<typeof AcceptInvitationBody>,
    response: { data: { message: 'Senha definida! Entre com seu e-mail e a nova senha.' } },
  },
};
