/**
 * Times as a messenger shows them, in the reader's locale (docs/decisions/0136-messenger-basics.md):
 * "now" and "2 min ago" within the hour, the clock time ("08:50") later today, "Yesterday", the weekday
 * within a week, else the date. Messages disappear 24 hours after they were written (ADDENDUM §3), and the
 * chat says when: "disappears in 23 h".
 */
import { currentLocale } from './current-locale.js';
import { timeTexts } from './time-texts.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** ADDENDUM §3: a message is deleted 24 hours after it was written. */
export const MESSAGE_LIFETIME_MS = DAY_MS;

function startOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** `locale`: the app's language unless given. */
export function messageTime(iso: string, now: number, locale: string = currentLocale()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (ago < MINUTE_MS) return relative.format(0, 'second');
  if (ago < HOUR_MS) return relative.format(-Math.floor(ago / MINUTE_MS), 'minute');
  const today = startOfDay(now);
  if (at >= today) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  if (at >= today - DAY_MS) return capitalise(relative.format(-1, 'day'), locale);
  if (at >= today - 6 * DAY_MS) return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(at);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** "disappears in 23 h" (or in minutes in its last hour). */
export function disappearsIn(iso: string, now: number): string {
  // A clock renewed every 30 s can be a little behind a message just written: never more than its lifetime.
  const left = Math.min(Date.parse(iso) + MESSAGE_LIFETIME_MS - now, MESSAGE_LIFETIME_MS - 1);
  if (Number.isNaN(left)) return '';
  if (left <= MINUTE_MS) return timeTexts.disappearsInAMinute;
  if (left < HOUR_MS) return timeTexts.disappearsInMinutes({ count: Math.ceil(left / MINUTE_MS) });
  return timeTexts.disappearsInHours({ count: Math.floor(left / HOUR_MS) });
}

function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
