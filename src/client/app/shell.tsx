import { lazy, Suspense, useEffect } from 'react';
import { PageSpinner } from '../components/ui/spinner.js';
import { announceLoggedOut } from '../features/auth/logged-out-notice.js';
import { useUser } from '../features/auth/queries.js';
import { useEmailVerificationRequired } from '../features/auth/use-email-verification-required.js';
import { useFirstScreenDone } from '../lib/after-first-screen.js';
import { Layout } from './layout.js';
import { EmailVerificationPage, ServiceUnavailablePage } from './pages.js';
import { AppRouter } from './router.js';
import { useConnectivityToasts } from './use-connectivity.js';
import { useQueryNotices } from './use-query-notices.js';

/**
 * The app's background agents load after the first screen, each as its own chunk: none of them draws
 * anything a first visit needs, and the landing page's script budget is small (issue: fast first load).
 * They wait for the page's load event and the browser's next idle moment, so their scripts and renders
 * never delay or interrupt the first screen's paint (docs/decisions/0105-first-paint.md).
 */
const SessionAgent = lazy(async () => ({
  default: (await import('./session-agent.js')).SessionAgent,
}));
const PushAgent = lazy(async () => ({
  default: (await import('../features/push/push-agent.js')).PushAgent,
}));
const AppBadgeBridge = lazy(async () => ({
  default: (await import('../features/app-badge/app-badge-bridge.js')).AppBadgeBridge,
}));
const AutoLoginAgent = lazy(async () => ({
  default: (await import('../features/auth/auto-login-agent.js')).AutoLoginAgent,
}));
const ConsentAgent = lazy(async () => ({
  default: (await import('../features/consent/consent-agent.js')).ConsentAgent,
}));
const InstallPrompts = lazy(async () => ({
  default: (await import('../features/install/install-prompts.js')).InstallPrompts,
}));

function BackgroundAgents({ userId }: { userId: string | null }) {
  const isSignedIn = userId !== null;
  return (
    <Suspense fallback={null}>
      <SessionAgent userId={userId} />
      <ConsentAgent userId={userId} isSignedIn={isSignedIn} />
      <AutoLoginAgent isSignedIn={isSignedIn} />
      <PushAgent isSignedIn={isSignedIn} />
      <AppBadgeBridge isSignedIn={isSignedIn} />
      <InstallPrompts />
    </Suspense>
  );
}

/** Picks what fills the screen: an override (spec §2) or the route set of the visitor's state. */
export function Shell() {
  const userQuery = useUser();
  const user = userQuery.data ?? null;
  const verificationEmail = useEmailVerificationRequired(user);
  useConnectivityToasts();
  useQueryNotices();
  useEffect(announceLoggedOut, []);
  const isFirstScreenDone = useFirstScreenDone();

  if (verificationEmail !== null) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <EmailVerificationPage email={verificationEmail} />
      </Suspense>
    );
  }
  // Only a failed first load: a failed background refetch keeps the user on the page they are using.
  if (userQuery.isLoadingError) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ServiceUnavailablePage />
      </Suspense>
    );
  }
  return (
    <Layout isSignedIn={user !== null}>
      <AppRouter isSignedIn={user !== null} isLoading={userQuery.isPending} />
      {userQuery.isPending || !isFirstScreenDone ? null : <BackgroundAgents userId={user?.id ?? null} />}
    </Layout>
  );
}
