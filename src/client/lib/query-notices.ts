import { authTexts } from '../../shared/auth/auth.contract.js';
import { errorToastTexts } from './error-texts.js';
import { noticeTexts } from './notice-texts.js';
import type { ToastOptions } from './toast.js';

interface QueryNoticeRule {
  path: string;
  param: string;
  value: string;
  /** Read when shown: in the language of the moment. */
  toast: () => ToastOptions;
}

/** Toasts announced by a query parameter a redirect put on the URL (spec §2 Home, issue Foundation). */
export const queryNoticeRules: readonly QueryNoticeRule[] = [
  {
    path: '/',
    param: 'verified',
    value: '1',
    toast: () => ({ title: noticeTexts.emailVerifiedTitle, description: noticeTexts.emailVerified }),
  },
  {
    // The link was opened in another browser than the one that signed up: verified, not signed in.
    path: '/auth',
    param: 'verified',
    value: '1',
    toast: () => ({ title: noticeTexts.emailVerifiedTitle, description: authTexts.emailVerifiedSignIn }),
  },
  {
    path: '/',
    param: 'error',
    value: 'vehicle-not-found',
    toast: () => ({
      title: errorToastTexts.vehicleNotFoundTitle,
      description: noticeTexts.vehicleNotFound,
      variant: 'destructive',
    }),
  },
  {
    path: '/',
    param: 'error',
    value: 'qr-lookup-failed',
    toast: () => ({
      title: noticeTexts.qrErrorTitle,
      description: noticeTexts.qrLookupFailed,
      variant: 'destructive',
    }),
  },
  {
    path: '/auth',
    param: 'verification',
    value: 'invalid',
    toast: () => ({
      title: noticeTexts.invalidVerificationTitle,
      description: authTexts.invalidVerificationLink,
      variant: 'destructive',
    }),
  },
  {
    path: '/auth',
    param: 'error',
    value: 'oidc',
    toast: () => ({
      title: noticeTexts.signInFailedTitle,
      description: authTexts.oidcFailed,
      variant: 'destructive',
    }),
  },
];

export interface QueryNotice {
  toast: ToastOptions;
  /** The search string to keep once the notice is shown ("" or "?mode=login"). */
  remainingSearch: string;
}

/** The notice a URL carries, if any, and the query string without its parameter. */
export function queryNoticeFor(path: string, search: string): QueryNotice | undefined {
  const params = new URLSearchParams(search);
  const rule = queryNoticeRules.find(
    (entry) => entry.path === path && params.get(entry.param) === entry.value,
  );
  if (!rule) return undefined;
  params.delete(rule.param);
  const rest = params.toString();
  return { toast: rule.toast(), remainingSearch: rest === '' ? '' : `?${rest}` };
}
