import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError, onUnauthorized } from '../lib/api-client';
import { handleUnauthorized } from '../lib/session';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a dropped connection may.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  // A 401 from any call may mean the session ended (inactivity): the session query hears of it.
  useEffect(() => onUnauthorized((error) => handleUnauthorized(client, error)), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
