import { OWNER_STATUS_CODES, type OwnerStatusCode } from '../../shared/messaging/owner-status.js';

/** An open window of the app, as the worker sees it (a WindowClient's url and state). */
export interface OpenWindow {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/**
 * What a notification click does: focus one of the app's open windows (which then shows `path` itself,
 * told by NOTIFICATION_CLICKED, without a reload), or open a new window at `path` when none is open.
 */
export type ClickAction = { kind: 'focus'; index: number; isThere: boolean } | { kind: 'open'; path: string };

/**
 * Prefers a window already at `path`, then the focused one, then a visible one, then the first; windows
 * on another origin are never chosen (the worker lists only its own, but the check is cheap).
 */
export function clickAction(windows: readonly OpenWindow[], path: string, origin: string): ClickAction {
  const candidates = windows
    .map((window, index) => ({ window, index, url: urlOf(window.url) }))
    .filter((candidate) => candidate.url?.origin === origin);
  const target = new URL(path, origin);
  const rank = (candidate: (typeof candidates)[number]) =>
    (candidate.url?.pathname === target.pathname && candidate.url.search === target.search ? 4 : 0) +
    (candidate.window.focused ? 2 : 0) +
    (candidate.window.visibilityState === 'visible' ? 1 : 0);
  let best: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) if (!best || rank(candidate) > rank(best)) best = candidate;
  if (!best) return { kind: 'open', path };
  return { kind: 'focus', index: best.index, isThere: rank(best) >= 4 };
}

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The one-tap answer a notification's button stands for, or null for a click on the notification itself. */
export function answerOfAction(action: string | undefined): OwnerStatusCode | null {
  return (OWNER_STATUS_CODES as readonly string[]).includes(action ?? '')
    ? (action as OwnerStatusCode)
    : null;
}

/** Where the owner's one-tap answer in a conversation is posted (POST /api/conversations/{id}/status). */
export const answerPath = (conversationId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/status`;

/** How long the worker waits for the answer to be taken before it opens the conversation instead. */
export const ANSWER_TIMEOUT_MS = 10_000;

/**
 * Posts the owner's one-tap answer from a notification's button, with the session's cookie (the worker is on
 * the app's origin), without opening the app. True when the server took it; false when it did not (signed
 * out, offline, refused, too slow): the worker then opens the conversation, where the owner can answer.
 */
export async function postAnswer(
  fetcher: typeof fetch,
  conversationId: string,
  code: OwnerStatusCode,
): Promise<boolean> {
  try {
    const response = await fetcher(answerPath(conversationId), {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
