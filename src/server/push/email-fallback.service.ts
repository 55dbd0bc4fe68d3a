import {
  EMAIL_FALLBACK_AFTER_MS,
  EMAIL_FALLBACK_INTERVAL_MS,
} from '../../shared/messaging/status.contract.js';
import type { Clock } from '../clock.js';
import type { FeatureDeps } from '../feature.js';
import { withLocale } from '../i18n.js';
import type { Job } from '../jobs/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import type { AccountsPort, MessagingPort, UndeliveredMessage } from '../ports.js';
import { createEmailFallbackRepo, type EmailFallbackRepo } from './email-fallback.repo.js';
import { presentFallbackMail } from './push.presenter.js';

/** How often every instance scans for messages nothing delivered. */
const SCAN_INTERVAL_MS = 30_000;
/**
 * A message is looked for this long once its two minutes have passed: scans missed meanwhile (every instance
 * stopped, a deploy) are caught up. Shorter than the interval between mails, so that a message already
 * mailed about leaves the scan before its conversation's claim runs out: it is never mailed about twice.
 */
export const SCAN_WINDOW_MS = 10 * 60_000;
/** Messages read from messaging's port at once. */
const PAGE = 500;

if (SCAN_WINDOW_MS >= EMAIL_FALLBACK_INTERVAL_MS)
  throw new Error('The scan window must be shorter than the interval');

export interface EmailFallbackDeps {
  repo: EmailFallbackRepo;
  messaging: Pick<MessagingPort, 'undeliveredToOwners' | 'readMessageNotice'>;
  accounts: Pick<AccountsPort, 'localeOf'>;
  mailer: Mailer;
  clock: Clock;
  appOrigin: string;
  onError: (error: unknown) => void;
}

/**
 * Issue 32's e-mail fallback (docs/decisions/0145): two minutes after a message to a vehicle's owner that no
 * live socket and no push service took (messages.delivered_at still empty), the owner is mailed once, at their
 * verified address, unless they turned it off; at most once per conversation per hour, across instances
 * (a claim in fallback_mails: the first instance to write it mails).
 */
export function createEmailFallbackService(deps: EmailFallbackDeps) {
  const { repo, messaging, clock } = deps;

  /** Every undelivered message of the window, the newest of each conversation (what a mail shows). */
  async function newestUndeliveredByConversation(from: number, until: number) {
    const newest = new Map<string, UndeliveredMessage>();
    let after: UndeliveredMessage | undefined;
    for (;;) {
      const page = await messaging.undeliveredToOwners({ from, until, after, limit: PAGE });
      for (const message of page) newest.set(message.conversationId, message);
      if (page.length < PAGE) return newest;
      after = page.at(-1);
    }
  }

  async function mail(message: UndeliveredMessage, now: number) {
    const recipient = await repo.findRecipient(message.recipientUserId);
    // Only a verified address: an unverified one may be anybody's (decision 0145).
    if (!recipient?.isVerified || !recipient.emailFallback) return;
    const notice = await messaging.readMessageNotice(message.messageId, message.recipientUserId);
    if (!notice) return;
    if (!(await repo.claim(message.conversationId, now, now - EMAIL_FALLBACK_INTERVAL_MS))) return;
    const { email, showPreview } = recipient;
    try {
      // In the owner's language (docs/decisions/0164); what the finder wrote stays as written.
      const locale = await deps.accounts.localeOf(message.recipientUserId);
      const options = { showPreview, appOrigin: deps.appOrigin };
      await deps.mailer.send(withLocale(locale, () => presentFallbackMail(email, notice, options)));
    } catch (error) {
      // Not sent: the claim goes, and the next scan tries again while the message is in the window.
      await repo.release(message.conversationId, now);
      throw error;
    }
  }

  return {
    /** One scan: mails the owners nothing reached about the messages whose two minutes just passed. */
    async scan() {
      const now = clock();
      const until = now - EMAIL_FALLBACK_AFTER_MS;
      const candidates = await newestUndeliveredByConversation(until - SCAN_WINDOW_MS, until);
      if (candidates.size === 0) return;
      const mailed = await repo.listMailedSince([...candidates.keys()], now - EMAIL_FALLBACK_INTERVAL_MS);
      for (const message of candidates.values()) {
        if (mailed.has(message.conversationId)) continue;
        // One conversation's failure (a mail server refusing one address) leaves the others to be mailed.
        await mail(message, now).catch(deps.onError);
      }
    },
  };
}

/** The fallback as the push feature wires it, from the app's deps. */
export const emailFallbackOf = (
  { database, messaging, accounts, mailer, clock, config }: FeatureDeps,
  onError: (error: unknown) => void,
) =>
  createEmailFallbackService({
    repo: createEmailFallbackRepo(database.db),
    messaging,
    accounts,
    mailer,
    clock,
    appOrigin: config.appOrigin,
    onError,
  });

/** On every instance, every 30 seconds: claims keep two instances from mailing one conversation twice. */
export const emailFallbackJob = (fallback: ReturnType<typeof createEmailFallbackService>): Job => ({
  name: 'email-fallback',
  intervalMs: SCAN_INTERVAL_MS,
  run: fallback.scan,
});
