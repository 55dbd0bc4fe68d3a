import type { Db } from '../db/index.js';
import { mailsFallback, showsPreviews } from './push.repo.js';

/** Conversations asked about in one statement: well inside every engine's bound on parameters. */
const CONVERSATIONS_PER_QUERY = 400;

/**
 * SQL of the e-mail fallback (issue 32, docs/decisions/0145): whom to mail and how, and push's own claims
 * (`fallback_mails`: when each conversation's owner was last mailed) that keep it to one mail per
 * conversation per interval, whichever instances scan at once.
 */
export function createEmailFallbackRepo(db: Db) {
  return {
    /**
     * The account's address, whether it is verified, and its notification settings (the defaults when it
     * stored none); undefined when the account is gone.
     */
    async findRecipient(userId: string) {
      const row = await db
        .selectFrom('users')
        .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
        .select([
          'users.email',
          'users.emailVerified',
          'notificationPreferences.showPreviews',
          'notificationPreferences.emailFallback',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { showPreviews, emailFallback } = row;
      return {
        email: row.email,
        isVerified: Number(row.emailVerified) === 1,
        showPreview: showsPreviews(showPreviews === null ? undefined : { showPreviews }),
        emailFallback: mailsFallback(emailFallback === null ? undefined : { emailFallback }),
      };
    },

    /** Which of these conversations were mailed after `since` (a read: most scans find nothing new). */
    async listMailedSince(conversationIds: readonly string[], since: number): Promise<Set<string>> {
      const mailed = new Set<string>();
      for (let at = 0; at < conversationIds.length; at += CONVERSATIONS_PER_QUERY) {
        const rows = await db
          .selectFrom('fallbackMails')
          .select('conversationId')
          .where('conversationId', 'in', conversationIds.slice(at, at + CONVERSATIONS_PER_QUERY))
          .where('mailedAt', '>', since)
          .execute();
        for (const row of rows) mailed.add(row.conversationId);
      }
      return mailed;
    },

    /**
     * Claims the conversation's mail at `now`, in one statement: a first claim, or one taking over a claim
     * made at or before `staleAt` (the interval has passed). Answers whether this call won: of instances
     * claiming at once, one does (PostgreSQL's upsert waits for the other's row and finds it fresh).
     */
    async claim(conversationId: string, now: number, staleAt: number): Promise<boolean> {
      const claimed = await db
        .insertInto('fallbackMails')
        .values({ conversationId, mailedAt: now })
        .onConflict((conflict) =>
          conflict
            .column('conversationId')
            .doUpdateSet({ mailedAt: now })
            .where('fallbackMails.mailedAt', '<=', staleAt),
        )
        .returning('conversationId')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Gives back the claim made at `mailedAt` (its mail could not be sent): the next scan tries again. */
    async release(conversationId: string, mailedAt: number) {
      await db
        .deleteFrom('fallbackMails')
        .where('conversationId', '=', conversationId)
        .where('mailedAt', '=', mailedAt)
        .execute();
    },
  };
}

export type EmailFallbackRepo = ReturnType<typeof createEmailFallbackRepo>;
