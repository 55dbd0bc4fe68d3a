import { notifyManager } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { currentLocale } from '../../lib/i18n.js';
import { queryClient } from '../../lib/query-client.js';
import { useNow } from '../../lib/use-now.js';
import { fillFromSavedWhileOffline } from './restore-saved-data.js';
import { shownSince } from './saved-data.js';
import { savedDataTexts as texts } from './texts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Showing what was saved at 14:32" ("yesterday at 22:10"), in the reader's locale: what the screen shows is from then. */
export function savedAtText(since: number, now: number, locale: string = currentLocale()): string {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(since);
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  if (since >= today.getTime()) return texts.savedAt({ time });
  if (since >= today.getTime() - DAY_MS) return texts.savedYesterdayAt({ time });
  return texts.savedOn({
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(since),
  });
}

const subscribe = (onChange: () => void) =>
  queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange));
const getShownSince = () => shownSince(queryClient);

/**
 * Part of the offline banner (loaded with it, only offline): fills the user's screens from what was kept
 * (restore-saved-data.ts) and says from when what they show is, as it may be out of date
 * (docs/decisions/0142-offline-that-is-useful.md). Nothing while the screen shows none of it.
 */
export function SavedDataNotice() {
  useEffect(() => fillFromSavedWhileOffline(queryClient), []);
  const since = useSyncExternalStore(subscribe, getShownSince);
  const now = useNow(60_000);
  if (since === null) return null;
  return <p className="basis-full text-center font-normal">{savedAtText(since, now)}</p>;
}
