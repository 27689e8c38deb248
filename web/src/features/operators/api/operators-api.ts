import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '@contract/endpoint';
import type { createOperator, listOperators, removeOperator, resendInvitation, updateOperator } from '@contract/operators/operator-endpoints';
import { call } from '@/lib/api-call';

// The Operators screen's calls. Under the ['admin'] prefix, so an `admin:changed` push and the
// dashboard home's operator card refresh with it.
export const operatorsKey = ['admin', 'operators'] as const;

export type NewOperator = InputOf<typeof createOperator>['body'];
export type OperatorChange = InputOf<typeof updateOperator>['body'];

export const useOperators = () =>
  useQuery({ queryKey: operatorsKey, queryFn: ({ signal }) => call<typeof listOperators>('GET /api/operators', {}, { signal }) });

function useOperatorMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}

export const useCreateOperator = () => useOperatorMutation((body: NewOperator) => call<typeof createOperator>('POST /api/operators', { body }));

export const useUpdateOperator = () =>
  useOperatorMutation(({ id, body }: { id: string; body: OperatorChange }) => call<typeof updateOperator>('PUT /api/operators/{id}', { params: { id }, body }));

export const useRemoveOperator = () => useOperatorMutation((id: string) => call<typeof removeOperator>('DELETE /api/operators/{id}', { params: { id } }));

export const useResendInvitation = () =>
  useOperatorMutation((id: string) => call<typeof resendInvitation>('POST /api/operators/{id}/invitation', { params: { id } }));
