import { type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../components/ui/cn.js';
import { restOfCatalogue } from '../../lib/i18n.js';
import {
  CONSENT_BANNER_DELAY_MS,
  type ConsentStatus,
  readConsent,
  saveConsent,
  subscribeToConsent,
} from './consent.js';
import { consentTexts as texts } from './texts.js';
import { clearUsage, recordAction, recordUse, USAGE_TRACK_INTERVAL_MS } from './usage.js';

export function useConsent() {
  return useSyncExternalStore(subscribeToConsent, readConsent);
}

/** The banner's and cookie settings' answer; a decline also removes what tracking wrote. */
export function answerConsent(status: ConsentStatus): void {
  saveConsent(status);
  if (status === 'declined') clearUsage();
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
 * While the banner shows, the page keeps room below its content for it (from the banner's top to the
 * screen's bottom), so every button can be scrolled clear of it, and a field that takes focus is scrolled
 * above it (docs/decisions/0141-prompts-at-the-right-moment.md).
 */
function useRoomForBanner(banner: RefObject<HTMLElement | null>, isShown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!isShown || !element) return;
    const { body, documentElement: root } = document;
    const keepRoom = () => {
      const room = `${Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top))}px`;
      body.style.paddingBottom = room;
      root.style.scrollPaddingBottom = room;
    };
    keepRoom();
    const observer = new ResizeObserver(keepRoom);
    observer.observe(element);
    window.addEventListener('resize', keepRoom);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', keepRoom);
      body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [banner, isShown]);
}

const settingsLinkClass =
  'inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A visitor without an account, once the banner is answered: the foot of every page keeps the way back to
 * the choice (Settings shows visitors the cookie controls).
 */
function CookieSettingsFooter() {
  return createPortal(
    <footer className="mx-auto flex w-full max-w-md justify-center px-5 pb-[calc(1rem+env(safe-area-inset-bottom))]">
      <Link href="/settings" className={settingsLinkClass}>
        {texts.settingsLink}
      </Link>
    </footer>,
    document.body,
  );
}

/**
 * The cookie consent banner, 2 s after load when no choice exists (spec §4), linking to Settings; usage
 * tracking once the choice is Accept; and, for a visitor who answered, a footer link to cookie settings.
 * Mounted in the shell after the first screen.
 */
export function ConsentAgent({ userId, isSignedIn }: { userId: string | null; isSignedIn: boolean }) {
  const consent = useConsent();
  const [path] = useLocation();
  const [isDue, setIsDue] = useState(false);
  // The banner's and the footer's words travel in the language's whole catalogue (lib/i18n.ts), which
  // follows the first screen: neither shows before it is here.
  const [hasWords, setHasWords] = useState(false);
  const banner = useRef<HTMLElement>(null);
  const isShown = consent.status === null && isDue && hasWords;
  useUsageTracking(consent.status === 'accepted', userId);
  useRoomForBanner(banner, isShown);

  useEffect(() => {
    let isCurrent = true;
    void restOfCatalogue().then(() => {
      if (isCurrent) setHasWords(true);
    });
    const timer = window.setTimeout(() => setIsDue(true), CONSENT_BANNER_DELAY_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, []);

  if (!isShown) {
    const hasFooter = hasWords && consent.status !== null && !isSignedIn && path !== '/settings';
    return hasFooter ? <CookieSettingsFooter /> : null;
  }
  return (
    <section
      ref={banner}
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
        <Button onClick={() => answerConsent('accepted')}>{texts.accept}</Button>
        <Button variant="outline" onClick={() => answerConsent('declined')}>
          {texts.decline}
        </Button>
        <Link href="/settings" className={cn('ml-auto', settingsLinkClass)}>
          {texts.settingsLink}
        </Link>
      </div>
    </section>
  );
}
