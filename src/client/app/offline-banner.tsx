import { WifiOff } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
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

/**
 * The banner's height as `--offline-banner-height` on the page while it is shown: a screen's own sticky
 * header (the chat's) sticks under it instead of behind it.
 */
function useHeightAsPageVariable() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      style.setProperty('--offline-banner-height', `${banner.offsetHeight}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      style.removeProperty('--offline-banner-height');
    };
  }, []);
  return ref;
}

export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return <Banner />;
}

function Banner() {
  const ref = useHeightAsPageVariable();
  return (
    <div
      ref={ref}
      role="status"
      className="sticky top-0 z-30 flex flex-wrap items-center justify-center gap-x-2 bg-amber-500 px-4 py-2 text-sm font-medium text-amber-950"
    >
      <WifiOff aria-hidden className="h-4 w-4" />
      You're offline. Some features may not work.
      <Suspense>
        <SavedDataNotice />
      </Suspense>
    </div>
  );
}
