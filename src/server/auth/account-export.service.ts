import type { Clock } from '../clock.js';
import type { AccountDataPort } from '../ports.js';
import type { AuthRepo } from './auth.repo.js';

const iso = (ms: number | bigint) => new Date(Number(ms)).toISOString();

/**
 * "Download my data" (issue 33, docs/decisions/0149): everything kept about the account, as the account
 * itself is shown it. Auth's part is the profile, the sessions' times and the trusted browsers' (never a
 * token or a hash); each feature adds its own (AccountDataPort).
 */
export function createAccountExport(deps: { repo: AuthRepo; accountData: AccountDataPort; clock: Clock }) {
  return {
    async exportOf(userId: string, currentSessionId: string) {
      const user = await deps.repo.findUserById(userId);
      if (!user) return undefined;
      const sessions = await deps.repo.listSessionsOf(userId);
      const browsers = await deps.repo.listTrustedDevicesOf(userId);
      return {
        exportedAt: iso(deps.clock()),
        profile: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          emailVerified: Boolean(user.emailVerified),
          signsInWith: user.passwordHash ? 'password' : 'provider',
          linkedToProvider: user.oidcSubject !== null,
          createdAt: iso(user.createdAt),
          updatedAt: iso(user.updatedAt),
        },
        sessions: sessions.map((session) => ({
          signedInAt: iso(session.createdAt),
          lastSeenAt: iso(session.lastSeenAt),
          expiresAt: iso(session.expiresAt),
          rememberMe: Boolean(session.isPersistent),
          thisBrowser: session.tokenHash === currentSessionId,
        })),
        trustedBrowsers: browsers.map((browser) => ({
          trustedSince: iso(browser.createdAt),
          until: iso(browser.expiresAt),
        })),
        ...(await deps.accountData.collect(userId)),
      };
    },
  };
}

export type AccountExport = ReturnType<typeof createAccountExport>;
