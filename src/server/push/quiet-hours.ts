import { DEFAULT_QUIET_HOURS, type QuietHours } from '../../shared/push/push.contract.js';

/** Quiet hours as notification_preferences keeps them (migration 0017); no row, or never set: the defaults. */
export interface StoredQuietHours {
  quietHoursEnabled: number | bigint | null;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  quietHoursTimeZone: string | null;
}

export function quietHoursOf(row: StoredQuietHours | undefined): QuietHours {
  if (!row || row.quietHoursStart === null || row.quietHoursEnd === null) {
    return { ...DEFAULT_QUIET_HOURS, timeZone: row?.quietHoursTimeZone ?? null };
  }
  return {
    enabled: Number(row.quietHoursEnabled) === 1,
    start: row.quietHoursStart,
    end: row.quietHoursEnd,
    timeZone: row.quietHoursTimeZone,
  };
}

/** One formatter per time zone: making one costs more than reading the time with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 500;

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minute of the day (0 to 1439) it is at `now` in `timeZone`. */
export function localMinuteOfDay(now: number, timeZone: string): number {
  let hour = 0;
  let minute = 0;
  for (const part of formatterOf(timeZone).formatToParts(new Date(now))) {
    if (part.type === 'hour') hour = Number(part.value) % 24;
    if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/**
 * Whether `now` falls in the quiet hours, in their own time zone: from `start` (included) to `end` (not), a
 * range past midnight (22:00 to 07:00) being two pieces of the day. Off, without a time zone, with an
 * unknown one (a zone a newer browser knows and this server does not), or start == end: never quiet. A
 * push that should be silent and alerts is a nuisance; one that should alert and is silent is a missed
 * emergency, so every doubt alerts (docs/decisions/0150-quiet-hours-urgent.md).
 */
export function isQuietAt(quiet: QuietHours, now: number): boolean {
  if (!quiet.enabled || quiet.timeZone === null) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (Number.isNaN(start) || Number.isNaN(end) || start === end) return false;
  let at: number;
  try {
    at = localMinuteOfDay(now, quiet.timeZone);
  } catch {
    return false;
  }
  return start < end ? at >= start && at < end : at >= start || at < end;
}
