import { lazy, memo, Suspense, useDeferredValue, useEffect } from 'react';
import type { User } from '../../shared/auth/auth.contract.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { announceLoggedOut } from '../features/auth/logged-out-notice.js';
import { useUser } from '../features/auth/queries.js';
import { useEmailVerificationRequired } from '../features/auth/use-email-verification-required.js';
import { announceAccountDeleted } from '../features/profile/account-data.js';
import { useFirstScreenDone, whenFirstScreenIsDone } from '../lib/after-first-screen.js';
import { hasSessionHint } from '../lib/session-hint.js';
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

/**
 * Each agent in a boundary of its own: each is drawn, committed and started (its effects) as soon as its chunk
 * is here, in a task of its own, instead of all six in one long task once the last has arrived (0169).
 */
function BackgroundAgents({ userId }: { userId: string | null }) {
  const isSignedIn = userId !== null;
  return (
    <>
      <Suspense fallback={null}>
        <SessionAgent userId={userId} />
      </Suspense>
      <Suspense fallback={null}>
        <ConsentAgent userId={userId} isSignedIn={isSignedIn} />
      </Suspense>
      <Suspense fallback={null}>
        <AutoLoginAgent isSignedIn={isSignedIn} />
      </Suspense>
      <Suspense fallback={null}>
        <PushAgent isSignedIn={isSignedIn} />
      </Suspense>
      <Suspense fallback={null}>
        <AppBadgeBridge isSignedIn={isSignedIn} />
      </Suspense>
      <Suspense fallback={null}>
        <InstallPrompts />
      </Suspense>
    </>
  );
}

interface ScreenProps {
  user: User | null;
  isPending: boolean;
  /** The session's first read waits for the network (the app opened offline). */
  isWaitingForConnection: boolean;
  isLoadingError: boolean;
  verificationEmail: string | null;
  isFirstScreenDone: boolean;
}

/** What fills the screen for one state of the session; memoised, so only a change of that state redraws it. */
const Screen = memo(function Screen({
  user,
  isPending,
  isWaitingForConnection,
  isLoadingError,
  verificationEmail,
  isFirstScreenDone,
}: ScreenProps) {
  if (verificationEmail !== null) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <EmailVerificationPage email={verificationEmail} />
      </Suspense>
    );
  }
  // Only a failed first load: a failed background refetch keeps the user on the page they are using.
  if (isLoadingError) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ServiceUnavailablePage />
      </Suspense>
    );
  }
  // Opened offline by a browser that holds a session (its hint cookie): the signed-in app, whose pages wait
  // for the connection themselves, rather than a spinner until the network is back
  // (docs/decisions/0116-opening-offline-signed-in.md). Its answer, once online, decides as ever.
  const isSignedIn = user !== null || (isWaitingForConnection && hasSessionHint());
  return (
    <Layout isSignedIn={isSignedIn}>
      <AppRouter isSignedIn={isSignedIn} isLoading={isPending} />
      {isPending || !isFirstScreenDone ? null : <BackgroundAgents userId={user?.id ?? null} />}
    </Layout>
  );
});

/**
 * Picks what fills the screen: an override (spec §2) or the route set of the visitor's state. The session
 * query's answers reach React as blocking updates (TanStack Query reads through useSyncExternalStore); the
 * screen follows them as a deferred value, so drawing a whole page for a new session state is interruptible
 * work instead of one long task (docs/decisions/0105-first-paint.md).
 */
export function Shell() {
  const userQuery = useUser();
  const user = useDeferredValue(userQuery.data ?? null);
  const isPending = useDeferredValue(userQuery.isPending);
  const isWaitingForConnection = useDeferredValue(userQuery.isPending && userQuery.fetchStatus === 'paused');
  const isLoadingError = useDeferredValue(userQuery.isLoadingError);
  const verificationEmail = useDeferredValue(useEmailVerificationRequired(userQuery.data ?? null));
  useConnectivityToasts();
  useQueryNotices();
  // Notices a reload carried in this tab's storage: read once the first screen is done, so that the
  // storage's first read (a round trip to the browser) is a task of its own, not part of taking over the page.
  useEffect(
    () =>
      whenFirstScreenIsDone(() => {
        announceLoggedOut();
        announceAccountDeleted();
      }),
    [],
  );
  const isFirstScreenDone = useFirstScreenDone();
  return (
    <Screen
      user={user}
      isPending={isPending}
      isWaitingForConnection={isWaitingForConnection}
      isLoadingError={isLoadingError}
      verificationEmail={verificationEmail}
      isFirstScreenDone={isFirstScreenDone}
    />
  );
}
