import { getCookie, setCookie } from '../../lib/cookies.js';

/**
 * Usage tracking (spec §3 Usage tracking, §9): the last 10 actions and counters of when the app is used
 * (morning, afternoon, evening; weekday, weekend). Only after cookie consent is accepted, and only in this
 * browser's cookies: nothing of it is ever sent anywhere (docs/decisions/0101-preferences-and-consent.md).
 */
export const ACTION_LOG_COOKIE = 'usage-actions';
export const USAGE_PATTERN_COOKIE = 'usage-pattern';
export const LAST_ACTIVITY_COOKIE = 'last-activity';
export const USAGE_COOKIES = [ACTION_LOG_COOKIE, USAGE_PATTERN_COOKIE, LAST_ACTIVITY_COOKIE] as const;

export const ACTION_LOG_SIZE = 10;
export const ACTION_LOG_DAYS = 7;
export const USAGE_PATTERN_DAYS = 30;
export const LAST_ACTIVITY_DAYS = 1;
/** How often a visible app counts as in use (spec §9). */
export const USAGE_TRACK_INTERVAL_MS = 5 * 60 * 1000;
const ACTION_DATA_MAX = 100;

export interface UsageAction {
  action: string;
  data: string | null;
  timestamp: number;
  userId: string | null;
}

export interface UsagePattern {
  morning: number;
  afternoon: number;
  evening: number;
  weekday: number;
  weekend: number;
}

export const EMPTY_PATTERN: UsagePattern = { morning: 0, afternoon: 0, evening: 0, weekday: 0, weekend: 0 };

/** Spec §9: morning 6-12, afternoon 12-18, else evening (local time). */
export function timeOfDay(date: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = date.getHours();
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

export function isWeekend(date: Date): boolean {
  const day = date.getDay();
  return day === 0 || day === 6;
}

/** The log with `entry` added, keeping the newest ACTION_LOG_SIZE. */
export function addAction(log: readonly UsageAction[], entry: UsageAction): UsageAction[] {
  const clean = { ...entry, data: entry.data?.slice(0, ACTION_DATA_MAX) ?? null };
  return [...log, clean].slice(-ACTION_LOG_SIZE);
}

/** The counters with one more use at `date`. */
export function countUse(pattern: UsagePattern, date: Date): UsagePattern {
  const period = timeOfDay(date);
  const dayType = isWeekend(date) ? 'weekend' : 'weekday';
  return { ...pattern, [period]: pattern[period] + 1, [dayType]: pattern[dayType] + 1 };
}

function readJson(name: string): unknown {
  try {
    return JSON.parse(getCookie(name) ?? 'null');
  } catch {
    return null;
  }
}

export function parseActionLog(value: unknown): UsageAction[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is UsageAction =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.action === 'string' &&
        typeof item.timestamp === 'number' &&
        (item.data === null || typeof item.data === 'string') &&
        (item.userId === null || typeof item.userId === 'string'),
    )
    .slice(-ACTION_LOG_SIZE);
}

export function parsePattern(value: unknown): UsagePattern {
  const pattern = { ...EMPTY_PATTERN };
  if (typeof value !== 'object' || value === null) return pattern;
  for (const key of Object.keys(pattern) as (keyof UsagePattern)[]) {
    const count = (value as Record<string, unknown>)[key];
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) pattern[key] = count;
  }
  return pattern;
}

export function readActionLog(): UsageAction[] {
  return parseActionLog(readJson(ACTION_LOG_COOKIE));
}

export function readUsagePattern(): UsagePattern {
  return parsePattern(readJson(USAGE_PATTERN_COOKIE));
}

/** Records one action. Callers check consent first (useUsageTracking does). */
export function recordAction(action: string, data: string | null, userId: string | null): void {
  const log = addAction(readActionLog(), { action, data, timestamp: Date.now(), userId });
  setCookie(ACTION_LOG_COOKIE, JSON.stringify(log), ACTION_LOG_DAYS);
}

/** Counts the app as in use now and notes the last activity. */
export function recordUse(now = new Date()): void {
  setCookie(USAGE_PATTERN_COOKIE, JSON.stringify(countUse(readUsagePattern(), now)), USAGE_PATTERN_DAYS);
  setCookie(LAST_ACTIVITY_COOKIE, String(now.getTime()), LAST_ACTIVITY_DAYS);
}

/** Removes everything tracking wrote (consent declined or reset). */
export function clearUsage(): void {
  for (const name of USAGE_COOKIES) setCookie(name, '', -1);
}
