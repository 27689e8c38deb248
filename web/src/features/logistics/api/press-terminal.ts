import { useMutation } from '@tanstack/react-query';
import type { pressTerminal as PressTerminal } from '@contract/controller/controller-endpoints';
import { call } from '@/lib/api-call';

/**
 * POST /api/terminal/{hubId}/press: the server signs the code as the Hub's controller would and
 * answers what validate answered, so the browser never holds the Hub's secret key.
 */
export const pressTerminal = (hubId: string, code: string) =>
  call<typeof PressTerminal>('POST /api/terminal/{hubId}/press', { params: { hubId }, body: { code } });

export const usePressTerminal = (hubId: string) => useMutation({ mutationFn: (code: string) => pressTerminal(hubId, code) });
