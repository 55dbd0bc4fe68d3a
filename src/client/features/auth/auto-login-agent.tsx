import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { usePreferences } from '../../lib/use-preferences.js';
import { AUTO_LOGIN_SPACING_MS, attemptAutoLogin } from './auto-login.js';

/**
 * Mounted in the shell once the session is known: while auto-login is enabled (Settings, Privacy &
 * Automation) and nobody is signed in, it tries now and then every 5 minutes (the rules in auto-login.ts
 * decide whether a try happens). A live session makes the app read the user again.
 */
export function AutoLoginAgent({ isSignedIn }: { isSignedIn: boolean }) {
  const { autoLogin } = usePreferences();
  useEffect(() => {
    if (!autoLogin || isSignedIn) return;
    const attempt = async () => {
      if (await attemptAutoLogin(true, false))
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    };
    void attempt();
    const timer = window.setInterval(attempt, AUTO_LOGIN_SPACING_MS);
    return () => window.clearInterval(timer);
  }, [autoLogin, isSignedIn]);
  return null;
}
