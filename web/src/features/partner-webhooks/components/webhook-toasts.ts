import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';

// As on the partner screens: 'Sucesso' or 'Erro' with the message, the server's own under it.
export const toastSuccess = (message: string) => toast.success('Sucesso', { description: message });
export const toastError = (message: string, error?: unknown) => {
  const detail = error === undefined ? '' : errorMessage(error, '');
  toast.error('Erro', { description: detail && detail !== message ? `${message}: ${detail}` : message });
};
