import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  deleteMyAccount as DeleteMyAccount,
  exportMyData,
  getProfile as GetProfile,
  updateProfile as UpdateProfile,
} from '@contract/users/user-endpoints';
import { call } from '@/lib/api-call';
import type { ProfileUpdate } from '../types';

export const profileQueryKey = ['users', 'profile', 'me'] as const;

export const getProfile = (signal?: AbortSignal) => call<typeof GetProfile>('GET /api/users/profile/me', {}, { signal });

export const useProfile = (enabled: boolean) =>
  useQuery({ ...queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) }), enabled });

/** PUT /api/users/profile/me with only the changed fields. */
export const updateProfile = (changes: ProfileUpdate) => call<typeof UpdateProfile>('PUT /api/users/profile/me', { body: changes });

/** "Baixar meus dados": the JSON the server builds, saved as a file. */
export async function downloadMyData(): Promise<void> {
  const data = await call<typeof exportMyData>('GET /api/users/profile/me/export', {});
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `hub-meus-dados-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Excluir minha conta", confirmed with the password (or the e-mail, for an account without one). */
export const deleteMyAccount = (confirmation: { password: string } | { email: string }) =>
  call<typeof DeleteMyAccount>('DELETE /api/users/profile/me', { body: confirmation });
