import type { sendContactMessage as SendContactMessage } from '@contract/contact/contact-endpoints';
import type { InputOf } from '@contract/endpoint';
import { call } from '@/lib/api-call';

export type ContactInput = InputOf<typeof SendContactMessage>['body'];

/** Beyond the spec (whose form made no call): stored and mailed to support by the API. */
export const sendContactMessage = (input: ContactInput) => call<typeof SendContactMessage>('POST /api/contact', { body: input });
