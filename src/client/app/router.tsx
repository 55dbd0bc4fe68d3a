import { type ComponentType, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import { hasSessionHint } from '../lib/session-hint.js';
import {
  AuthPage,
  BlockedUsersPage,
  ConversationChatPage,
  ConversationsPage,
  ConversationsSignInRequired,
  HelpPage,
  HomePage,
  LandingPage,
  LicensePlatePage,
  MessageStatusPage,
  MessageSuccessPage,
  NotFoundPage,
  PrintStickerPage,
  ProfilePage,
  QrCodePage,
  QrScannerPage,
  ResetPasswordPage,
  SendMessagePage,
  SettingsPage,
  SettingsSignedOut,
  VehicleEditPage,
  VehicleFoundByQrPage,
  VehicleFoundPage,
  VehicleManagementPage,
  VehicleQrPage,
  VehicleSetupPage,
  VehicleShortCodePage,
  VehicleThemePage,
  VehicleThemeSignInRequired,
} from './pages.js';
import { RedirectToLogin } from './redirect-to-login.js';

interface PageRoute {
  path: string;
  component: ComponentType;
}

interface SignedInPageRoute extends PageRoute {
  /**
   * What a visitor who is not signed in sees instead, where the spec names a screen for them (Sign In
   * Required); without one, the visitor is sent to sign in (spec §4 Session).
   */
  signedOut?: ComponentType;
}

/**
 * Pages for everyone, signed in or not, also while the session loads (spec §2 Route sets). The
 * scanner and plate lookup are here too: visitors may find a vehicle signed out (spec §6, ADDENDUM §1;
 * docs/decisions/0043-finder-signed-out.md).
 */
const alwaysPages: PageRoute[] = [
  { path: '/vehicle/qr/:qrCode', component: VehicleQrPage },
  { path: '/c/:code', component: VehicleShortCodePage },
  { path: '/vehicle-found/:vehicleId', component: VehicleFoundPage },
  { path: '/vehicle-found', component: VehicleFoundByQrPage },
  { path: '/qr-scanner', component: QrScannerPage },
  { path: '/license-plate', component: LicensePlatePage },
  { path: '/message/:vehicleId', component: SendMessagePage },
  { path: '/message-success', component: MessageSuccessPage },
  // A sent message's status, for its sender signed in or not (docs/decisions/0146-the-senders-status-page.md).
  { path: '/sent/:messageId', component: MessageStatusPage as ComponentType },
];

/** Pages for a signed-in user, besides / (spec §2 Route sets). */
const signedInPages: SignedInPageRoute[] = [
  { path: '/profile', component: ProfilePage },
  { path: '/vehicle-setup', component: VehicleSetupPage },
  { path: '/vehicle-management', component: VehicleManagementPage },
  { path: '/vehicle-edit/:id', component: VehicleEditPage },
  {
    path: '/vehicle-theme/:vehicleId',
    component: VehicleThemePage,
    signedOut: VehicleThemeSignInRequired,
  },
  { path: '/qr-code/:vehicleId', component: QrCodePage },
  // The print studio (docs/decisions/0156-the-sticker-pdf.md).
  { path: '/print-sticker/:vehicleId', component: PrintStickerPage },
  { path: '/conversations', component: ConversationsPage, signedOut: ConversationsSignInRequired },
  // One chat at a URL of its own (docs/decisions/0136-messenger-basics.md).
  {
    path: '/conversations/:conversationId',
    component: ConversationChatPage as ComponentType,
    signedOut: ConversationsSignInRequired,
  },
  // Spec §2: links to /messages appear in places; they open Conversations.
  { path: '/messages', component: ConversationsPage, signedOut: ConversationsSignInRequired },
  { path: '/blocked-users', component: BlockedUsersPage },
  { path: '/help', component: HelpPage },
  // Spec §2 Settings: without a user, "Please log in to access settings".
  { path: '/settings', component: SettingsPage, signedOut: SettingsSignedOut },
];

/** Pages for visitors who are not signed in, besides / (also shown while the session loads). */
const signedOutPages: PageRoute[] = [
  { path: '/auth', component: AuthPage },
  { path: '/reset-password', component: ResetPasswordPage },
];

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      {alwaysPages.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      {signedInPages.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      <Route path="/auth">
        <Redirect to="/" replace />
      </Route>
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function SignedOutRoutes({ isLoading }: { isLoading: boolean }) {
  return (
    <Switch>
      {/* Without the session hint cookie this browser holds no session: the landing page need not wait for
          the session's answer (docs/decisions/0105-first-paint.md). */}
      <Route path="/">{isLoading && hasSessionHint() ? <PageSpinner /> : <LandingPage />}</Route>
      {alwaysPages.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      {signedOutPages.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      {signedInPages.map(({ path, signedOut: SignedOut }) => (
        <Route key={path} path={path}>
          {isLoading ? <PageSpinner /> : SignedOut ? <SignedOut /> : <RedirectToLogin />}
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Each page is its own chunk (./pages.ts): the spinner of a loading page shows while it arrives. */
export function AppRouter({ isSignedIn, isLoading }: { isSignedIn: boolean; isLoading: boolean }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      {isSignedIn ? <SignedInRoutes /> : <SignedOutRoutes isLoading={isLoading} />}
    </Suspense>
  );
}
