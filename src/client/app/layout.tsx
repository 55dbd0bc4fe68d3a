import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { cn } from '../components/ui/cn.js';
import { BottomNav } from './bottom-nav.js';
import { OfflineBanner } from './offline-banner.js';

/** Screens are phone-width; Settings and Help read better wider on a large screen (spec §9 Layout widths). */
function contentWidth(path: string): string {
  if (path === '/settings') return 'max-w-2xl';
  if (path === '/help') return 'max-w-4xl';
  return 'max-w-md';
}

/** Inside a chat the composer takes the tab bar's place, as in a messenger. */
const isChat = (path: string) => /^\/conversations\/[^/]+$/.test(path);

export function Layout({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  const [path] = useLocation();
  const hasTabBar = isSignedIn && !isChat(path);
  return (
    <>
      <OfflineBanner />
      <main className={cn('mx-auto w-full', contentWidth(path), hasTabBar && 'pb-24')}>{children}</main>
      {hasTabBar ? <BottomNav /> : null}
    </>
  );
}
