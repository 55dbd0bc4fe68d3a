import type { Clock } from '../clock.js';
import { currentLocale } from '../i18n.js';
import type { ConversationsService } from './conversations.service.js';
import { presentConversation } from './messaging.presenter.js';

/*
 * The conversation list, answered from a cache (docs/performance.md, "The conversation list"). Invariant:
 * an answer kept for a user's inbox version in a language (its words: "Anonymous visitor") is the answer
 * listConversations would give in that language, until that version
 * moves (every write that changes the list bumps it in its own transaction, src/server/messaging/inbox.repo.ts)
 * or its oldest message reaches 24 hours (docs/decisions/0108-conversation-list-cache.md).
 */

interface CachedAnswer {
  version: number;
  /** The answer is right until then (ms since the epoch): its oldest message leaves the lists. */
  validUntil: number;
  body: string;
}

/** How many characters of answers one instance keeps (UTF-16 units, about twice that in bytes). */
const CACHE_BUDGET = 16 * 1024 * 1024;

/**
 * One answer per user and language (their latest), for the version it was made at; least recently used out when the
 * budget is spent. Per instance: each instance checks the version the database holds on every request.
 */
export class InboxAnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private size = 0;

  constructor(private readonly budget = CACHE_BUDGET) {}

  /** The answer cached for `userId` at `version`, if it is still right at `now`. */
  get(userId: string, version: number, now: number): string | undefined {
    const answer = this.answers.get(userId);
    if (!answer || answer.version !== version || now >= answer.validUntil) return undefined;
    // Most recently used last.
    this.answers.delete(userId);
    this.answers.set(userId, answer);
    return answer.body;
  }

  set(userId: string, answer: CachedAnswer): void {
    this.delete(userId);
    if (answer.body.length > this.budget) return;
    this.answers.set(userId, answer);
    this.size += answer.body.length;
    for (const [oldest] of this.answers) {
      if (this.size <= this.budget) break;
      this.delete(oldest);
    }
  }

  private delete(userId: string) {
    const answer = this.answers.get(userId);
    if (!answer) return;
    this.answers.delete(userId);
    this.size -= answer.body.length;
  }

  /** How many users' answers are kept (for tests). */
  get count(): number {
    return this.answers.size;
  }
}

/**
 * GET /api/conversations's answer (the presented list, as JSON): read far more often than it changes (every
 * screen, every realtime event), so kept per user for the inbox version it was made at. Per instance: each
 * checks the version the database holds (the session read brings it) on every request.
 */
export function cachedConversationList(conversations: ConversationsService, clock: Clock) {
  const answers = new InboxAnswerCache();
  return async (user: { id: string; inboxVersion: number }): Promise<string> => {
    // The answer holds words in the request's language (src/server/i18n.ts): one kept per user and language.
    const key = `${user.id} ${currentLocale()}`;
    const cached = answers.get(key, user.inboxVersion, clock());
    if (cached !== undefined) return cached;
    const { items, validUntil } = await conversations.listConversations(user.id);
    const body = JSON.stringify(items.map(presentConversation));
    answers.set(key, { version: user.inboxVersion, validUntil, body });
    return body;
  };
}
