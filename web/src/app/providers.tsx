import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/auth-context';
import { RealtimeProvider } from '@/features/realtime/realtime-provider';
import { queryClient } from './query-client';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>{children}</RealtimeProvider>
        <Toaster position="top-right" richColors closeButton duration={5000} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
