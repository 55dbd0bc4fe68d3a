import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.js';
import { Shell } from './shell.js';
import { Toaster } from './toaster.js';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
      <Toaster />
    </QueryClientProvider>
  );
}
