import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav.js';
import { OfflineBanner } from './offline-banner.js';

export function Layout({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      <main className={isSignedIn ? 'mx-auto w-full max-w-md pb-24' : 'mx-auto w-full max-w-md'}>
        {children}
      </main>
      {isSignedIn ? <BottomNav /> : null}
    </>
  );
}
