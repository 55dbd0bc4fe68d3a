import {
  authTexts,
  DELETE_FRESH_SIGN_IN_MS,
  type DeleteAccountInput,
} from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import type { BackgroundTasks } from '../background.js';
import type { Clock } from '../clock.js';
import type { Transaction, TransactionScope } from '../db/transaction.js';
import { HttpError } from '../errors/http-error.js';
import type { EventBus } from '../events/event-bus.js';
import { withLocale } from '../i18n.js';
import type { Mailer } from '../mail/mailer.js';
import { accountDeletedMail } from '../mail/templates.js';
import type { RequestAuth } from '../plugins/session.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { accountLocale } from './accounts.port.js';
import type { AuthRepo } from './auth.repo.js';
import { verifyPassword } from './passwords.js';
import type { SessionsService } from './sessions.service.js';

export interface AccountDeletionDeps {
  repo: AuthRepo;
  transaction: Transaction<AuthRepo & { scope: TransactionScope }>;
  events: EventBus;
  sessions: SessionsService;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  background: BackgroundTasks;
  appOrigin: string;
  /** After the commit: none of the deleted text stays in SQLite's files (DatabaseHandle.eraseSoon). */
  eraseSoon: () => void;
}

/**
 * Deleting an account (issue 33, docs/decisions/0149): confirmed by its password, or for an account without
 * one by a provider sign-in of the last few minutes; then, in one transaction, every feature deletes what
 * it keeps of the account (`account.deleting`, then `account.deleted`) and auth deletes the account. Its
 * sessions end (their sockets close), and its address is told.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const { repo, limiter, clock } = deps;

  async function confirm(auth: RequestAuth, input: DeleteAccountInput) {
    const user = await repo.findUserById(auth.user.id);
    if (!user) throw new HttpError(401, authTexts.signInRequired, { code: ErrorCode.unauthorized });
    if (!user.passwordHash) {
      const createdAt = await repo.sessionCreatedAt(auth.sessionId);
      if (createdAt === undefined || clock() - createdAt > DELETE_FRESH_SIGN_IN_MS) {
        throw new HttpError(403, authTexts.deleteNeedsFreshSignIn, { code: ErrorCode.freshSignInRequired });
      }
      return user;
    }
    if (!input.password) {
      throw new HttpError(400, authTexts.deletePasswordMissing, { code: ErrorCode.validation });
    }
    // Guesses with a stolen session count where sign-in's do: the address's failures.
    await limiter.refuseIfExhausted(rateLimits.loginFailuresPerEmail, user.email);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await limiter.record(rateLimits.loginFailuresPerEmail, user.email);
      throw new HttpError(403, authTexts.deletePasswordWrong, { code: ErrorCode.invalidCredentials });
    }
    return user;
  }

  return {
    async deleteAccount(auth: RequestAuth, input: DeleteAccountInput) {
      const user = await confirm(auth, input);
      await deps.transaction(async (tx) => {
        await deps.events.publishInTransaction('account.deleting', { userId: user.id }, tx.scope);
        await deps.events.publishInTransaction('account.deleted', { userId: user.id }, tx.scope);
        await tx.deleteAccountRows(user.id);
      });
      deps.eraseSoon();
      await deps.sessions.announceAllEnded(user.id, 'account-deleted');
      // In the language the account was written to in (docs/decisions/0164).
      const mail = withLocale(accountLocale(user), () => accountDeletedMail(user.email, deps.appOrigin));
      deps.background.run('account deleted mail', () => deps.mailer.send(mail));
      return { message: authTexts.accountDeleted };
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
