import { useEffect } from 'react';
import { PageSpinner } from '../components/ui/spinner.js';
import { announceLoggedOutAndRelogin, announceSignInRequired } from '../lib/relogin.js';
import { hasSessionHint } from '../lib/session-hint.js';

/**
 * A signed-in page opened without a session: go to sign-in (spec §4 Session, §8). A browser whose session
 * ended is told it is logged out (spec §8); one that never held a session is asked to sign in, and comes back
 * here after.
 */
export function RedirectToLogin() {
  useEffect(() => {
    if (hasSessionHint()) announceLoggedOutAndRelogin();
    else announceSignInRequired(`${window.location.pathname}${window.location.search}`);
  }, []);
  return <PageSpinner />;
}
