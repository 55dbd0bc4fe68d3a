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

export function Layout({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  const [path] = useLocation();
  return (
    <>
      <OfflineBanner />
      <main className={cn('mx-auto w-full', contentWidth(path), isSignedIn && 'pb-24')}>{children}</main>
      {isSignedIn ? <BottomNav /> : null}
    </>
  );
}
