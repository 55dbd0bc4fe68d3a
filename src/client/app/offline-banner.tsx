import { WifiOff } from 'lucide-react';
import { useIsOnline } from './use-connectivity.js';

export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-30 flex items-center justify-center gap-2 bg-amber-500 px-4 py-2 text-sm font-medium text-amber-950"
    >
      <WifiOff aria-hidden className="h-4 w-4" />
      You're offline. Some features may not work.
    </div>
  );
}
