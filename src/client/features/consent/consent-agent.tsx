import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../components/ui/cn.js';
import { CONSENT_BANNER_DELAY_MS, readConsent, saveConsent, subscribeToConsent } from './consent.js';
import { consentTexts as texts } from './texts.js';
import { clearUsage, recordAction, recordUse, USAGE_TRACK_INTERVAL_MS } from './usage.js';

export function useConsent() {
  return useSyncExternalStore(subscribeToConsent, readConsent);
}

/** With consent accepted: each screen opened is an action, and a visible app counts as in use every 5 min. */
function useUsageTracking(isAccepted: boolean, userId: string | null) {
  const [path] = useLocation();
  useEffect(() => {
    if (isAccepted) recordAction('view', path, userId);
  }, [isAccepted, path, userId]);
  useEffect(() => {
    if (!isAccepted) return;
    const track = () => {
      if (document.visibilityState === 'visible') recordUse();
    };
    track();
    const timer = window.setInterval(track, USAGE_TRACK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isAccepted]);
}

/**
 * The cookie consent banner, 2 s after load when no choice exists (spec §4), linking to Settings; and usage
 * tracking once the choice is Accept. Mounted in the shell after the first screen.
 */
export function ConsentAgent({ userId, isSignedIn }: { userId: string | null; isSignedIn: boolean }) {
  const consent = useConsent();
  const [isDue, setIsDue] = useState(false);
  useUsageTracking(consent.status === 'accepted', userId);

  useEffect(() => {
    const timer = window.setTimeout(() => setIsDue(true), CONSENT_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (consent.status !== null || !isDue) return null;
  const decline = () => {
    saveConsent('declined');
    clearUsage();
  };
  return (
    <section
      aria-labelledby="consent-title"
      className={cn(
        'fixed inset-x-0 z-40 mx-auto w-[calc(100%-1.5rem)] max-w-md rounded-2xl border border-border bg-card p-4 text-foreground shadow-lg',
        isSignedIn
          ? 'bottom-[calc(5rem+env(safe-area-inset-bottom))]'
          : 'bottom-[calc(0.75rem+env(safe-area-inset-bottom))]',
      )}
    >
      <h2 id="consent-title" className="font-semibold">
        {texts.bannerTitle}
      </h2>
      {/* Two one-line paragraphs: quick to read, little of the page covered, and the banner (2 s after load)
          does not become the page's largest paint (docs/decisions/0105-first-paint.md). */}
      <p className="mt-1 text-sm text-muted-foreground">{texts.bannerText}</p>
      <p className="mt-1 text-sm text-muted-foreground">{texts.bannerDetail}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => saveConsent('accepted')}>{texts.accept}</Button>
        <Button variant="outline" onClick={decline}>
          {texts.decline}
        </Button>
        <Link
          href="/settings"
          className="ml-auto inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {texts.settingsLink}
        </Link>
      </div>
    </section>
  );
}
