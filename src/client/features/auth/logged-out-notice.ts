import { toast } from '../../lib/toast.js';
import { accountNoticeTexts } from './notice-texts.js';

/**
 * Signing out reloads the app at / (nothing of the account stays in memory), which would drop a toast
 * raised before it. The mark survives the reload in this tab's sessionStorage; the new page shows the
 * Logged Out toast (spec §2 Settings) and removes the mark.
 */
const LOGGED_OUT_MARK = 'logged-out';

export function markLoggedOut(): void {
  try {
    window.sessionStorage.setItem(LOGGED_OUT_MARK, '1');
  } catch {
    // Storage refused (private mode): the sign-out still happens, without its toast.
  }
}

export function announceLoggedOut(): void {
  try {
    if (window.sessionStorage.getItem(LOGGED_OUT_MARK) === null) return;
    window.sessionStorage.removeItem(LOGGED_OUT_MARK);
  } catch {
    return;
  }
  toast({ title: accountNoticeTexts.loggedOut, description: accountNoticeTexts.loggedOutDescription });
}
