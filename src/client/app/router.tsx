import type { ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import { AuthPage } from '../pages/auth.js';
import { HomePage } from '../pages/home.js';
import { LandingPage } from '../pages/landing.js';
import { NotFoundPage } from '../pages/not-found.js';
import { ProfilePage } from '../pages/profile.js';
import { ResetPasswordPage } from '../pages/reset-password.js';
import { RedirectToLogin } from './redirect-to-login.js';

interface PageRoute {
  path: string;
  component: ComponentType;
}

/** Pages for a signed-in user, besides / (spec §2 Route sets). */
const signedInPages: PageRoute[] = [{ path: '/profile', component: ProfilePage }];

/** Pages for visitors who are not signed in, besides / (also shown while the session loads). */
const signedOutPages: PageRoute[] = [
  { path: '/auth', component: AuthPage },
  { path: '/reset-password', component: ResetPasswordPage },
];

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
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
      <Route path="/">{isLoading ? <PageSpinner /> : <LandingPage />}</Route>
      {signedOutPages.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      {signedInPages.map(({ path }) => (
        <Route key={path} path={path}>
          {isLoading ? <PageSpinner /> : <RedirectToLogin />}
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function AppRouter({ isSignedIn, isLoading }: { isSignedIn: boolean; isLoading: boolean }) {
  return isSignedIn ? <SignedInRoutes /> : <SignedOutRoutes isLoading={isLoading} />;
}
