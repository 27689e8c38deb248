import { endpoint } from '../endpoint.js';
import { MessageAnswer } from '../auth/auth-schemas.js';
import { forbiddenError } from '../shared/error-body.js';
import { UserMessages } from '../users/user-bodies.js';
import { AcceptInvitationBody, InvitationAnswer, InvitationMessages, InvitationTokenBody } from './invitation-schemas.js';
import { operatorExamples } from './operator-examples.js';
import { CreateOperatorBody, Operator, OperatorIdParams, OperatorList, OperatorMessages, UpdateOperatorBody } from './operator-schemas.js';

// The Operators screen (spec §2 "Operators", §7 "Operators": GET/POST /operators, PUT/DELETE
// /operators/{id}), admins only, and the invitation a new operator opens to set a password.

export const OperatorErrors = {
  required: { status: 400, code: 'operator_required', message: OperatorMessages.required },
  notFound: { status: 404, code: 'not_found', message: 'Operador não encontrado' },
  masterEmailReserved: { status: 409, code: 'master_email_reserved', message: OperatorMessages.masterEmailReserved },
  emailTaken: { status: 409, code: 'email_taken', message: OperatorMessages.alreadyOperator },
  emailInUse: { status: 409, code: 'email_taken', message: 'E-mail já cadastrado' },
  emailImmutable: { status: 400, code: 'email_immutable', message: UserMessages.emailImmutable },
  masterEmailFixed: { ...forbiddenError, code: 'master_email_fixed', message: OperatorMessages.masterEmailFixed },
  masterRoleFixed: { ...forbiddenError, code: 'master_role_fixed', message: OperatorMessages.masterRoleFixed },
  masterNotRemovable: { ...forbiddenError, code: 'master_not_removable', message: OperatorMessages.masterNotRemovable },
  selfRemoval: { ...forbiddenError, code: 'self_removal', message: 'Você não pode remover a si mesmo.' },
  alreadyActive: { status: 409, code: 'invitation_accepted', message: InvitationMessages.alreadyActive },
  invalidInvitation: { status: 400, code: 'invalid_invitation', message: InvitationMessages.invalid },
} as const;

const tag = 'Operadores';

export const listOperators = endpoint({
  method: 'GET',
  path: '/api/operators',
  tag,
  summary: 'Lista os operadores (todos, sem paginação), o master primeiro',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: OperatorList },
  errors: [],
  examples: operatorExamples.listOperators,
});

export const createOperator = endpoint({
  method: 'POST',
  path: '/api/operators',
  tag,
  summary: 'Adiciona um operador e envia o convite por e-mail',
  description:
    'Sem senha: uma conta nova recebe um link de convite (7 dias, uso único) para definir a senha. Um e-mail que já tem conta de usuário vira operador com o papel escolhido e recebe um aviso. isAdmin é ignorado: o papel decide.',
  auth: 'bearer',
  role: 'admin',
  body: CreateOperatorBody,
  responses: { 201: Operator },
  errors: [OperatorErrors.required, OperatorErrors.masterEmailReserved, OperatorErrors.emailTaken],
  examples: operatorExamples.createOperator,
});

export const updateOperator = endpoint({
  method: 'PUT',
  path: '/api/operators/{id}',
  tag,
  summary: 'Altera um operador (só os campos enviados)',
  description:
    'Mudar o papel encerra as sessões do operador. O e-mail só muda enquanto o convite não foi aceito (um novo convite vai para o novo endereço); o do master nunca.',
  auth: 'bearer',
  role: 'admin',
  params: OperatorIdParams,
  body: UpdateOperatorBody,
  responses: { 200: Operator },
  errors: [
    OperatorErrors.required,
    OperatorErrors.notFound,
    OperatorErrors.masterEmailFixed,
    OperatorErrors.masterRoleFixed,
    OperatorErrors.emailImmutable,
    OperatorErrors.masterEmailReserved,
    OperatorErrors.emailInUse,
  ],
  examples: operatorExamples.updateOperator,
});

export const removeOperator = endpoint({
  method: 'DELETE',
  path: '/api/operators/{id}',
  tag,
  summary: 'Remove um operador (a conta continua, como usuário)',
  description: 'O papel volta a ser usuário e as sessões terminam; reservas e histórico da pessoa ficam. O master não pode ser removido.',
  auth: 'bearer',
  role: 'admin',
  params: OperatorIdParams,
  responses: { 204: null },
  errors: [OperatorErrors.notFound, OperatorErrors.masterNotRemovable, OperatorErrors.selfRemoval],
});

export const resendInvitation = endpoint({
  method: 'POST',
  path: '/api/operators/{id}/invitation',
  tag,
  summary: 'Reenvia o convite de um operador que ainda não definiu a senha',
  description: 'Um novo link substitui o anterior.',
  auth: 'bearer',
  role: 'admin',
  params: OperatorIdParams,
  responses: { 202: MessageAnswer },
  errors: [OperatorErrors.notFound, OperatorErrors.alreadyActive],
  examples: operatorExamples.resendInvitation,
});

export const verifyInvitation = endpoint({
  method: 'POST',
  path: '/api/auth/invitation/verify',
  tag: 'Autenticação',
  summary: 'Confere um convite de operador sem usá-lo',
  auth: 'public',
  body: InvitationTokenBody,
  responses: { 200: InvitationAnswer },
  errors: [OperatorErrors.invalidInvitation],
  examples: operatorExamples.verifyInvitation,
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/auth/invitation/accept',
  tag: 'Autenticação',
  summary: 'Define a senha com o convite (uma vez) e confirma o e-mail',
  auth: 'public',
  body: AcceptInvitationBody,
  responses: { 200: MessageAnswer },
  errors: [OperatorErrors.invalidInvitation],
  examples: operatorExamples.acceptInvitation,
});

export const operatorEndpoints = { listOperators, createOperator, updateOperator, removeOperator, resendInvitation, verifyInvitation, acceptInvitation };
