import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';

// Spec §8 Partners: every toast is titled 'Sucesso' or 'Erro' with the spec's message; an error
// adds the server's own message under it when there is one.
export const toastSuccess = (message: string) => toast.success('Sucesso', { description: message });
export const toastError = (message: string, error?: unknown) => {
  const detail = error === undefined ? '' : errorMessage(error, '');
  toast.error('Erro', { description: detail && detail !== message ? `${message}: ${detail}` : message });
};
