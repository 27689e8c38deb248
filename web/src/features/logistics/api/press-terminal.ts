import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DoorOpening } from '../types';

/**
 * POST /api/terminal/{hubId}/press: the server signs the code as the Hub's controller would and
 * answers what validate answered, so the browser never holds the Hub's secret key.
 */
export const pressTerminal = (hubId: string, code: string) => api.post<DoorOpening>(`/terminal/${encodeURIComponent(hubId)}/press`, { code });

export const usePressTerminal = (hubId: string) => useMutation({ mutationFn: (code: string) => pressTerminal(hubId, code) });
