import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../lib/session';
import { UpdatePrompt } from './app-update/update-prompt';
import { AppearanceProvider } from './appearance-provider';
import { createQueryClient } from './query-client';

/**
 * Everything the screens rely on: server-state cache, the session, the settings' appearance, toasts
 * and the offer of a new version of the app.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppearanceProvider>
          {children}
          <UpdatePrompt />
        </AppearanceProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
