import type { AccessState } from './access-events.js';

// The one rule "may this user use this private Hub": admins always, anyone else only while their
// grant is live. The booking command, the Hub detail and the access check all ask it here.

export function mayUsePrivateHub(who: { isAdmin: boolean }, grant: Pick<AccessState, 'status'>): boolean {
  return who.isAdmin || grant.status === 'granted';
}

export const AccessReasons = {
  publicHub: 'Hub público',
  admin: 'Administrador',
  granted: 'Acesso concedido',
  none: 'Você precisa solicitar acesso a este Hub privado.',
  pending: 'Solicitação enviada! Aguarde a aprovação para acessar este Hub.',
  revoked: 'Seu acesso a este Hub foi revogado.',
  denied: (reason: string | null) => (reason ? `Solicitação recusada: ${reason}` : 'Solicitação recusada.'),
} as const;

/** What the access check answers: whether the user may use the Hub, and why (pt-BR, shown as is). */
export function accessCheck(
  hub: { private: boolean },
  who: { isAdmin: boolean },
  grant: Pick<AccessState, 'status' | 'reason'>,
): { hasAccess: boolean; reason: string } {
  if (!hub.private) return { hasAccess: true, reason: AccessReasons.publicHub };
  if (who.isAdmin) return { hasAccess: true, reason: AccessReasons.admin };
  switch (grant.status) {
    case 'granted':
      return { hasAccess: true, reason: AccessReasons.granted };
    case 'pending':
      return { hasAccess: false, reason: AccessReasons.pending };
    case 'denied':
      return { hasAccess: false, reason: AccessReasons.denied(grant.reason) };
    case 'revoked':
      return { hasAccess: false, reason: AccessReasons.revoked };
    case 'none':
      return { hasAccess: false, reason: AccessReasons.none };
  }
}
