import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { setSessionRefreshedHandler } from '@/lib/session-refresh';
import { StorageKeys, storage } from '@/lib/storage';
import { loginRequest, registerRequest, signoutRequest, updatePhoneRequest, type RegisterInput } from './api/auth-api';
import type { AuthResponse, User } from './types';

// The session lives in local storage (spec §4): loaded at start, set by login and register,
// cleared by logout even when the server call fails.

interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  login(email: string, password: string): Promise<User>;
  register(input: RegisterInput): Promise<User>;
  logout(): Promise<void>;
  updatePhone(phone: string): Promise<User>;
  /** Stores a session obtained elsewhere (the social sign-in callback). */
  acceptSession(response: AuthResponse): User;
  /** The account as the server now has it (after a profile edit); null after the account is erased. */
  replaceUser(user: User | null): void;
}

const AuthContext = createContext<AuthState | null>(null);

function readUser(): User | null {
  try {
    const raw = storage.get(StorageKeys.authUser);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(readUser);
  const [token, setToken] = useState<string | null>(() => storage.get(StorageKeys.authToken));

  const clear = useCallback(() => {
    storage.remove(StorageKeys.authToken, StorageKeys.authUser, StorageKeys.session);
    setUser(null);
    setToken(null);
  }, []);

  const accept = useCallback((response: AuthResponse) => {
    if (!response?.data?.session || !response.user || !response.token) throw new Error('Falha na autenticação');
    storage.set(StorageKeys.authToken, response.token);
    storage.set(StorageKeys.authUser, JSON.stringify(response.user));
    storage.set(StorageKeys.session, JSON.stringify(response.data.session));
    setUser(response.user);
    setToken(response.token);
    return response.user;
  }, []);

  useEffect(() => {
    // The session could not be renewed (signed out elsewhere, password reset, account erased).
    // Concurrent 401s all land here; only the first still finds a token, so one toast shows.
    setUnauthorizedHandler(() => {
      if (storage.get(StorageKeys.authToken)) toast.error('Sessão inválida', { description: 'Entre novamente para continuar.' });
      clear();
    });
    setSessionRefreshedHandler((session) => {
      setUser(session.user as User);
      setToken(session.token);
    });
    return () => {
      setUnauthorizedHandler(null);
      setSessionRefreshedHandler(null);
    };
  }, [clear]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isAuthenticated: Boolean(user && token),
      login: async (email, password) => accept(await loginRequest(email, password)),
      register: async (input) => accept(await registerRequest(input)),
      acceptSession: accept,
      logout: async () => {
        try {
          await signoutRequest();
        } finally {
          clear();
          queryClient.clear();
        }
      },
      updatePhone: async (phone) => {
        const { user: updated } = await updatePhoneRequest(phone);
        storage.set(StorageKeys.authUser, JSON.stringify(updated));
        setUser(updated);
        return updated;
      },
      replaceUser: (next) => {
        if (!next) {
          clear();
          queryClient.clear();
          return;
        }
        storage.set(StorageKeys.authUser, JSON.stringify(next));
        setUser(next);
      },
    }),
    [user, token, accept, clear, queryClient],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
