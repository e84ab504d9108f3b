import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NotificationHost } from '@/components/notification-host';
import { queryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NotificationHost />
    </QueryClientProvider>
  );
}
