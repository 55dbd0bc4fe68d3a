import { WifiOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { shellTexts } from './texts.js';
import { useIsOnline } from './use-connectivity.js';

/**
 * Loaded only offline (from the service worker's precache): the user's screens from what was kept, and from
 * when (decision 0142). Without it (offline before the worker was installed) the banner shows alone.
 */
const SavedDataNotice = lazy(() =>
  import('../features/offline/offline.js').then(
    (module) => ({ default: module.SavedDataNotice }),
    () => ({ default: () => null }),
  ),
);

export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      role="status"
      data-offline-banner
      className="sticky top-0 z-30 flex flex-wrap items-center justify-center gap-x-2 bg-amber-500 px-4 py-2 text-sm font-medium text-amber-950"
    >
      <WifiOff aria-hidden className="h-4 w-4" />
      {shellTexts.offlineBanner}
      <Suspense>
        <SavedDataNotice />
      </Suspense>
    </div>
  );
}
