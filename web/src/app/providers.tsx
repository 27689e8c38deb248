import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime';
import { useMediaQuery } from '@/lib/use-media-query';
import { queryClient } from './query-client';

// Toasts never cover the sticky 64 px header and its links: at the bottom on phones (sonner's
// own 600 px breakpoint, where they go full width), below the header elsewhere.
const PHONE = '(max-width: 600px)';
const BELOW_HEADER = { top: 80, right: 16 };

function AppToaster() {
  const phone = useMediaQuery(PHONE);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      offset={BELOW_HEADER}
      mobileOffset={{ bottom: 16, left: 16, right: 16 }}
      richColors
      closeButton
      duration={5000}
      containerAriaLabel="Notificações"
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>{children}</RealtimeProvider>
        <AppToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
