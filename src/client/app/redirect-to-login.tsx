import { useEffect } from 'react';
import { PageSpinner } from '../components/ui/spinner.js';
import { announceLoggedOutAndRelogin } from '../lib/relogin.js';

/** A signed-in page opened without a session: say so, then go to sign-in (spec §4 Session, §8). */
export function RedirectToLogin() {
  useEffect(() => {
    announceLoggedOutAndRelogin();
  }, []);
  return <PageSpinner />;
}
