import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { forbiddenError } from '../shared/error-body.js';
import { CreateUserBody, DeleteAccountBody, EnsureUserBody, UserMessages, UserUpdateBody } from './user-bodies.js';
import { ClientUser, DataExport, Profile, UserIdAnswer, UserList } from './user-schemas.js';
import { userExamples } from './user-examples.js';

// The users API (spec §7 Users): admins see and change every account; any other signed-in user
// reads and edits only themself (403 for another's id, before any lookup). And the caller's own
// profile with its data rights (LGPD): "Baixar meus dados" and "Excluir minha conta".

export const UserErrors = {
  notFound: { status: 404, code: 'not_found', message: 'Usuário não encontrado' },
  onlySelf: { ...forbiddenError, message: 'Você só pode acessar a sua própria conta.' },
  roleAdminOnly: { ...forbiddenError, message: UserMessages.roleAdminOnly },
  emailImmutable: { status: 400, code: 'email_immutable', message: UserMessages.emailImmutable },
  emailTaken: { status: 409, code: 'email_taken', message: 'E-mail já cadastrado' },
  openReservations: {
    status: 409,
    code: 'open_reservations',
    message:
      'Não é possível excluir sua conta enquanto houver reserva ativa, pendente ou aguardando coleta. Finalize ou cancele suas reservas e tente novamente.',
  },
  busy: { status: 503, code: 'busy', message: 'Servidor ocupado. Tente novamente em instantes.' },
} as const;

const IdParams = z.object({ id: z.string().max(64) });
const tag = 'Usuários';

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/users',
  tag,
  summary: 'Lista todas as contas',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: UserList },
  errors: [],
  examples: userExamples.listUsers,
});

export const createUser = endpoint({
  method: 'POST',
  path: '/api/users',
  tag,
  summary: 'Cria uma conta (sem senha, ela não entra por senha ainda)',
  auth: 'bearer',
  role: 'admin',
  body: CreateUserBody,
  responses: { 201: ClientUser },
  errors: [UserErrors.emailTaken, UserErrors.busy],
  examples: userExamples.createUser,
});

export const getUser = endpoint({
  method: 'GET',
  path: '/api/users/{id}',
  tag,
  summary: 'Uma conta, pelo id',
  auth: 'bearer',
  params: IdParams,
  responses: { 200: ClientUser },
  errors: [UserErrors.onlySelf, UserErrors.notFound],
  examples: userExamples.getUser,
});

export const getUserByEmail = endpoint({
  method: 'GET',
  path: '/api/users/email/{email}',
  tag,
  summary: 'Uma conta, pelo e-mail',
  auth: 'bearer',
  params: z.object({ email: z.string().max(320) }),
  responses: { 200: ClientUser },
  errors: [UserErrors.onlySelf, UserErrors.notFound],
  examples: userExamples.getUserByEmail,
});

export const ensureUser = endpoint({
  method: 'POST',
  path: '/api/users/create-in-database',
  tag,
  summary: 'Garante que a conta existe e devolve seu id',
  description: 'Para um usuário, só confirma o próprio id; um administrador também cria a conta (sem senha) quando nem o id nem o e-mail existem.',
  auth: 'bearer',
  body: EnsureUserBody,
  responses: { 200: UserIdAnswer },
  errors: [UserErrors.onlySelf, UserErrors.notFound, UserErrors.emailTaken],
  examples: userExamples.ensureUser,
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/users/{id}',
  tag,
  summary: 'Altera uma conta (só os campos enviados)',
  description: 'Tipo de conta e parceiro só por administradores; o e-mail nunca muda.',
  auth: 'bearer',
  params: IdParams,
  body: UserUpdateBody,
  responses: { 200: ClientUser },
  errors: [UserErrors.onlySelf, UserErrors.roleAdminOnly, UserErrors.notFound, UserErrors.emailImmutable],
  examples: userExamples.updateUser,
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/users/{id}',
  tag,
  summary: 'Exclui uma conta (as mesmas regras de "Excluir minha conta")',
  auth: 'bearer',
  role: 'admin',
  params: IdParams,
  responses: { 204: null },
  errors: [UserErrors.notFound, UserErrors.openReservations],
});

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/users/profile/me',
  tag,
  summary: 'O perfil de quem chama',
  auth: 'bearer',
  responses: { 200: Profile },
  errors: [],
  examples: userExamples.getProfile,
});

export const updateProfile = endpoint({
  method: 'PUT',
  path: '/api/users/profile/me',
  tag,
  summary: 'Altera o próprio perfil (só os campos enviados; vazio vira nulo)',
  auth: 'bearer',
  body: UserUpdateBody,
  responses: { 200: Profile },
  errors: [UserErrors.roleAdminOnly, UserErrors.emailImmutable],
  examples: userExamples.updateProfile,
});

export const exportMyData = endpoint({
  method: 'GET',
  path: '/api/users/profile/me/export',
  tag,
  summary: '"Baixar meus dados": tudo o que o Hub guarda sobre a pessoa',
  auth: 'bearer',
  responses: { 200: DataExport },
  errors: [],
  examples: userExamples.exportMyData,
});

export const deleteMyAccount = endpoint({
  method: 'DELETE',
  path: '/api/users/profile/me',
  tag,
  summary: '"Excluir minha conta", confirmada com a senha (ou o e-mail, numa conta sem senha)',
  auth: 'bearer',
  body: DeleteAccountBody,
  responses: { 204: null },
  errors: [
    { status: 400, code: 'validation_error', message: 'Informe sua senha para confirmar' },
    { status: 400, code: 'invalid_password', message: 'Senha incorreta.' },
    { status: 400, code: 'invalid_confirmation', message: 'O e-mail digitado não é o da sua conta.' },
    UserErrors.openReservations,
    UserErrors.busy,
  ],
  examples: userExamples.deleteMyAccount,
});

export const userEndpoints = {
  listUsers,
  createUser,
  getUser,
  getUserByEmail,
  ensureUser,
  updateUser,
  deleteUser,
  getProfile,
  updateProfile,
  exportMyData,
  deleteMyAccount,
};
