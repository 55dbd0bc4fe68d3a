import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.js';
import { AppErrorBoundary } from './error-boundary.js';
import { Shell } from './shell.js';
import { Toaster } from './toaster.js';
import { useSessionWatch } from './use-session-watch.js';

export function App() {
  useSessionWatch(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary>
        <Shell />
      </AppErrorBoundary>
      <Toaster />
    </QueryClientProvider>
  );
}
