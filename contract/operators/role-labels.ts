import type { Role } from '../users/user-schemas.js';

// How each role reads on the Operators screen's badges and in the invitation mail (spec §6).
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Usuário',
  logistics: 'Logística',
  admin: 'Administrador',
  maintenance: 'Manutenção',
  partner: 'Parceiro',
};
