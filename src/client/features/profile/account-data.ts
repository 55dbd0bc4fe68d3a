import { toast } from '../../lib/toast.js';
import { accountNoticeTexts } from '../auth/notice-texts.js';

/**
 * A deleted account's app reloads at / (nothing of it stays in memory), which would drop a toast raised
 * before it: the server's message survives the reload in this tab's sessionStorage (as
 * features/auth/logged-out-notice.ts does), and the landing page shows it. Kept tiny: the shell loads it.
 */
const DELETED_MARK = 'account-deleted';

export const EXPORT_PATH = '/api/auth/user/export';

export function markAccountDeleted(message: string): void {
  try {
    window.sessionStorage.setItem(DELETED_MARK, message);
  } catch {
    // Storage refused (private mode): the account is deleted all the same, without its toast.
  }
}

export function announceAccountDeleted(): void {
  let message: string | null;
  try {
    message = window.sessionStorage.getItem(DELETED_MARK);
    if (message === null) return;
    window.sessionStorage.removeItem(DELETED_MARK);
  } catch {
    return;
  }
  toast({ title: accountNoticeTexts.accountDeleted, description: message });
}
