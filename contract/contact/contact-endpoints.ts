import { z } from 'zod';
import { AccountMessages, emailField, requiredText } from '../shared/account-fields.js';
import { endpoint } from '../endpoint.js';

// The contact form (spec "Static pages"; beyond the spec, which made no call): stored and mailed
// to support, with the sender as Reply-To. Anyone may write; limited per address.

const field = (max: number) => requiredText(AccountMessages.required).max(max, `Máximo de ${max} caracteres`);

/** The form's limits, shared by the page's own checks. */
export const CONTACT_LIMITS = { name: 120, subject: 200, message: 5000 } as const;

export const ContactBody = z.object({
  name: field(CONTACT_LIMITS.name),
  email: emailField(),
  subject: field(CONTACT_LIMITS.subject),
  message: field(CONTACT_LIMITS.message),
});

export const CONTACT_RECEIVED = 'Recebemos sua mensagem e responderemos em breve.';

export const sendContactMessage = endpoint({
  method: 'POST',
  path: '/api/contact',
  tag: 'Contato',
  summary: 'Envia uma mensagem ao suporte',
  description: 'Quem estiver conectado fica ligado à mensagem. Limitado a 5 mensagens a cada 15 minutos por endereço.',
  auth: 'optional',
  body: ContactBody,
  responses: { 201: z.object({ data: z.object({ id: z.string(), message: z.string() }) }) },
  errors: [],
  examples: {
    body: {
      name: 'Ana Souza',
      email: 'ana@example.com',
      subject: 'Reserva no Hub Paulista',
      message: 'Olá! Posso estender minha reserva de amanhã por mais uma hora?',
    },
    response: { data: { id: 'd7e2a9c4-5b1f-4e8a-9c3d-2f6b8e0a4c15', message: CONTACT_RECEIVED } },
  },
});

export const contactEndpoints = { sendContactMessage };
